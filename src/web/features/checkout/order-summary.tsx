import { useState } from 'react';
import type { DeliveryChoiceRecord } from '../../../shared/delivery-dates';
import { deliveryChoiceText } from '../../../shared/delivery-slot-rules';
import { formatInr, formatLineAmount, formatPaise } from '../../../shared/money';
import { cartCharges, chargeSummary, feeRecordOf } from '../../../shared/order-charges';
import { FeeRows } from '../../components/fee-rows';
import { GiftIcon } from '../../components/icons';
import { PersonalisationDetails } from '../../components/personalisation-details';
import { SavingRows } from '../../components/saving-rows';
import {
  type CheckoutLine,
  checkoutLineFields,
  checkoutLineKey,
  isPreOrderLine,
  itemCountText,
  unitCount,
} from './checkout-lines';
import { type CheckoutDelivery, estimateLines, expectedDeliveryText } from './delivery-estimate';

/** The cart's shipping as checkout shows it; null while the cart has none (empty cart). */
export type CheckoutShipping = {
  fee: number;
  free: boolean;
  message: string;
  /** The server's quote is awaited (SPEC 2: 'Calculating...'). */
  loading: boolean;
};

function LineImage({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span
        aria-hidden="true"
        className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-brand-100"
      >
        <GiftIcon className="h-5 w-5 text-brand-600" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      onError={() => setFailed(true)}
      className="h-12 w-12 shrink-0 rounded-lg bg-brand-100 object-cover"
    />
  );
}

function ShieldIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z" />
      <path d="M9 12l2 2 4-4" />
    </svg>
  );
}

function TruckIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
      <circle cx="7" cy="18" r="1.6" />
      <circle cx="17" cy="18" r="1.6" />
    </svg>
  );
}

/** SPEC 2 "Checkout", right column: the lines, money, delivery estimate and reassurance. */
export function CheckoutOrderSummary({
  lines,
  shipping,
  delivery,
  discount = null,
  chosenDelivery = null,
}: {
  lines: readonly CheckoutLine[];
  shipping: CheckoutShipping | null;
  delivery: CheckoutDelivery;
  /** The applied coupon's saving on the items, in rupees. */
  discount?: { code: string; amount: number } | null;
  /** The delivery day and slot the shopper chose; its fee (midnight) is a charge of its own. */
  chosenDelivery?: DeliveryChoiceRecord | null;
}) {
  const saving = discount?.amount ?? 0;
  const count = unitCount(lines);
  const mix = {
    hasInStock: lines.some((line) => !isPreOrderLine(line)),
    hasPreOrder: lines.some(isPreOrderLine),
  };
  const estimates = estimateLines(delivery, mix);
  const calculating = shipping === null || shipping.loading;
  // Decision 0072: the one model of an order's money; create-order prices the same charges itself.
  const money = chargeSummary(
    cartCharges({
      lines,
      discount: saving,
      shippingFee: calculating ? 0 : shipping.fee,
      slotFee: chosenDelivery?.fee ?? 0,
      slotName: chosenDelivery?.window?.name,
    }),
  );

  return (
    <section
      aria-labelledby="checkout-summary-title"
      className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="checkout-summary-title" className="text-lg font-bold text-stone-900">
          Order Summary
        </h2>
        <p className="text-sm text-stone-600">({itemCountText(count)})</p>
      </div>

      <ul
        aria-label="Items in your order"
        className="mt-3 max-h-64 divide-y divide-brand-100 overflow-y-auto pr-1"
      >
        {lines.map((line) => (
          <li key={checkoutLineKey(line)} className="flex items-center gap-3 py-2">
            <LineImage src={line.image} />
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 text-sm font-semibold text-stone-900">{line.name}</p>
              <p className="text-xs text-stone-600">
                {formatInr(line.price)} x {line.quantity}
                {isPreOrderLine(line) && (
                  <span className="ml-2 rounded bg-purple-100 px-1.5 py-0.5 font-semibold text-purple-800">
                    Pre-Order
                  </span>
                )}
              </p>
              <PersonalisationDetails
                fields={checkoutLineFields(line)}
                photo={line.personalisation?.photo ?? null}
                photoSize={40}
              />
            </div>
            <p className="text-sm font-bold text-stone-900">
              <span className="sr-only">Line total: </span>
              {formatLineAmount(line)}
            </p>
          </li>
        ))}
      </ul>

      <dl className="mt-3 space-y-2 border-t border-brand-100 pt-3 text-sm">
        <div className="flex justify-between">
          <dt className="text-stone-700">Subtotal</dt>
          <dd className="font-semibold">{formatPaise(money.subtotalPaise)}</dd>
        </div>
        <SavingRows savings={money.quantityDiscounts} />
        {discount && (
          <div className="flex justify-between text-green-800">
            <dt>Coupon {discount.code}</dt>
            <dd className="font-semibold">-{formatInr(discount.amount)}</dd>
          </div>
        )}
        {calculating ? (
          <div className="flex justify-between">
            <dt className="text-stone-700">Shipping</dt>
            <dd className="font-semibold">Calculating...</dd>
          </div>
        ) : (
          <FeeRows
            fees={money.fees.map(feeRecordOf)}
            rowClassName="grid grid-cols-[1fr_auto] gap-x-3"
            amountClassName="text-right font-semibold"
            note={(fee) =>
              fee.kind === 'shipping' &&
              shipping.message && (
                <dd className={`col-span-2 text-xs ${shipping.free ? 'text-green-700' : 'text-brand-800'}`}>
                  {shipping.message}
                </dd>
              )
            }
          />
        )}
        {estimates.length > 0 && (
          <div className="flex justify-between gap-3">
            <dt className="text-stone-700">Delivery</dt>
            <dd className="text-right font-semibold text-stone-900">
              {estimates.map((text) => (
                <span key={text} className="block">
                  {text}
                </span>
              ))}
            </dd>
          </div>
        )}
        <div className="flex justify-between border-t border-brand-100 pt-2 text-base">
          <dt className="font-bold">Total</dt>
          <dd className="font-extrabold text-stone-900">
            {calculating ? 'Calculating...' : formatPaise(money.totalPaise)}
          </dd>
        </div>
      </dl>

      <div className="mt-4 rounded-xl border border-brand-200 bg-brand-50 px-3 py-2">
        <h3 className="text-sm font-bold text-brand-800">Expected Delivery</h3>
        <p className="mt-0.5 text-sm text-stone-800">
          {chosenDelivery ? deliveryChoiceText(chosenDelivery) : expectedDeliveryText(delivery, mix)}
        </p>
      </div>

      <ul aria-label="Why shop with us" className="mt-4 flex flex-wrap gap-2 text-xs font-semibold">
        <li className="inline-flex items-center gap-1 rounded-full bg-green-50 px-3 py-1 text-green-800">
          <ShieldIcon />
          Secure Checkout
        </li>
        {/* Only when the server's quote says so, never beside a shipping charge. */}
        {!calculating && shipping.free && money.deliveryPaise === 0 && (
          <li className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-3 py-1 text-brand-800">
            <TruckIcon />
            Free Shipping
          </li>
        )}
      </ul>
    </section>
  );
}
