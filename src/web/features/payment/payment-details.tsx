import type { ReactNode } from 'react';
import type { AddressForm } from '../../../shared/address';
import { formatInr, toRupees } from '../../../shared/money';
import { type FeeRecord, feeRecordOf, type SavingRecord } from '../../../shared/order-charges';
import { FeeRows } from '../../components/fee-rows';
import { PostalAddress } from '../../components/postal-address';
import { SavingRows } from '../../components/saving-rows';
import { type PaymentRequest, paymentCharges } from './payment-request';

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `payment-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
      <h2 id={id} className="text-lg font-bold text-stone-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function LockIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 018 0v3" />
    </svg>
  );
}

/** SPEC 2 "Payment" of a cart from checkout; with cash on delivery, its fee is one of the charges. */
export function PaymentDetails({
  request,
  codFee = 0,
  paymentMethod,
}: {
  request: PaymentRequest;
  codFee?: number;
  paymentMethod?: ReactNode;
}) {
  const money = paymentCharges(request, codFee);
  return (
    <PaymentSummary
      subtotal={toRupees(money.subtotalPaise)}
      quantityDiscounts={money.quantityDiscounts}
      discount={toRupees(money.discountPaise)}
      fees={money.fees.map(feeRecordOf)}
      total={toRupees(money.totalPaise)}
      paymentMethod={paymentMethod}
      couponCode={request.couponCode ?? null}
      units={request.items.reduce((sum, item) => sum + item.quantity, 0)}
      address={request.address}
    />
  );
}

/**
 * SPEC 2 "Payment": the order summary, the shipping address and the payment method, in rupees;
 * for a cart from checkout or a pending order paid from My Orders.
 */
export function PaymentSummary({
  subtotal,
  quantityDiscounts,
  discount,
  fees,
  total,
  couponCode,
  units,
  address,
  paymentMethod,
}: {
  subtotal: number;
  /** Decision 0080: each line's quantity tier, below the subtotal. */
  quantityDiscounts: readonly SavingRecord[];
  discount: number;
  /** Decision 0072: shipping and every other fee, each on its own line. */
  fees: readonly FeeRecord[];
  /** The total to pay, every fee included. */
  total: number;
  couponCode: string | null;
  units: number;
  address: AddressForm;
  /** The payment method card's body (the choice of online or cash on delivery); the online note when absent. */
  paymentMethod?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      <Card title="Order Summary">
        <dl className="space-y-2 text-sm">
          <div className="flex justify-between">
            <dt className="text-stone-700">
              Subtotal ({units} {units === 1 ? 'item' : 'items'})
            </dt>
            <dd className="font-semibold">{formatInr(subtotal)}</dd>
          </div>
          <SavingRows savings={quantityDiscounts} />
          {discount > 0 && (
            <div className="flex justify-between text-green-800">
              <dt>Coupon {couponCode}</dt>
              <dd className="font-semibold">-{formatInr(discount)}</dd>
            </div>
          )}
          <FeeRows fees={fees} />
          <div className="flex justify-between border-t border-brand-100 pt-2 text-base">
            <dt className="font-bold">Total</dt>
            <dd className="font-extrabold text-stone-900">{formatInr(total)}</dd>
          </div>
        </dl>
      </Card>

      <Card title="Shipping Address">
        <PostalAddress address={address} />
      </Card>

      <Card title="Payment Method">
        {paymentMethod ?? (
          <>
            <p className="text-sm text-stone-800">Pay securely with cards, UPI, Net Banking, and wallets</p>
            <p className="mt-2 inline-flex items-center gap-1.5 text-xs font-semibold text-green-800">
              <LockIcon />
              Your payment is secured with 256-bit SSL encryption
            </p>
          </>
        )}
      </Card>
    </div>
  );
}
