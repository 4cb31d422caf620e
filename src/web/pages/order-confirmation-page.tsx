import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { GiftLinkStatus } from '../../shared/api/gift-links';
import type { OrderRecord } from '../../shared/api/orders';
import { displayName } from '../../shared/auth-rules';
import { COD_CONFIRM_MESSAGES } from '../../shared/cash-on-delivery-rules';
import { pickOfChoice } from '../../shared/delivery-slot-rules';
import { formatIndiaDate } from '../../shared/india-time';
import { formatInr } from '../../shared/money';
import { orderStatusLabel } from '../../shared/order-status';
import { storeSettings } from '../app-data';
import { Button, buttonClass } from '../components/button';
import { FeeRows } from '../components/fee-rows';
import { PageMeta } from '../components/page-meta';
import { PostalAddress } from '../components/postal-address';
import { SavingRows } from '../components/saving-rows';
import { EmptyState, ErrorBanner, Spinner } from '../components/status-message';
import { OrderAddressChange } from '../features/addresses/order-address-change';
import { useAuth } from '../features/auth/auth-provider';
import { CashOnDeliveryNote } from '../features/orders/cash-on-delivery-note';
import { expectedDeliveryHint, hasPreOrderItems } from '../features/orders/expected-delivery';
import { GiftLinkActions, GiftLinkStatusNote } from '../features/orders/gift-link-status';
import { GiftNote } from '../features/orders/gift-note';
import { InvoiceDownload } from '../features/orders/invoice-download';
import { OrderCancelAction } from '../features/orders/order-cancel-action';
import { OrderItemList } from '../features/orders/order-item-list';
import { OrderStatusBadge } from '../features/orders/order-status-badge';
import { OrderTimeline } from '../features/orders/order-timeline';
import {
  ORDERS_QUERY_KEY,
  useChangeOrderAddress,
  useGiftLinkActions,
  useOrder,
} from '../features/orders/orders-api';
import { PendingOrderActions } from '../features/orders/pending-order-actions';
import { PreOrderNotice } from '../features/orders/pre-order-notice';
import { OrderReturns } from '../features/returns/order-returns';
import { OrderTracking } from '../features/tracking/order-tracking';
import { GiftAddressForm } from './gift-address-form';

// Decision 0085: the new address's dates (and their schemas) load at the change's second step,
// and the payment of a dearer change only on an order that has one.
const DeliveryChoiceAt = lazy(() =>
  import('../features/delivery-dates/delivery-choice-at').then((module) => ({
    default: module.DeliveryChoiceAt,
  })),
);
const AddressChangePayment = lazy(() =>
  import('../features/payment/address-change-payment').then((module) => ({
    default: module.AddressChangePayment,
  })),
);
const CHANGE_PAID =
  'Payment received: your order goes to the new address. The change is on the order’s timeline.';

const meta = (
  <>
    <PageMeta title="Order Confirmation" description="Your order with us." />
    <meta name="robots" content="noindex" />
  </>
);

type Heading = {
  title: string;
  line: string;
  /** SPEC 2's confirmation (a paid order on its way to being packed), which also tells of its e-mail. */
  confirmation?: true;
  /** A green tick: the order is confirmed or delivered. */
  tick?: true;
};

// DESIGN 4: a paid order is confirmed, processed and packed before it ships.
const CONFIRMED_NOT_SHIPPED = new Set(['paid', 'confirmed', 'processing', 'packed']);

/**
 * The page is the order's own page as well as its confirmation, so the heading says where the order
 * is now: SPEC 2's 'Order Confirmed!' until it ships, then what has happened to it since. An order
 * awaiting payment, or cancelled, must not say it is confirmed.
 */
function headingOf(order: OrderRecord): Heading {
  const thanks = `Thank you for shopping with ${storeSettings.storeName}.`;
  // Decision 0064: not confirmed until the customer's YES, whatever the status says inside.
  if (order.awaitingCodYes) {
    return { title: COD_CONFIRM_MESSAGES.waiting, line: COD_CONFIRM_MESSAGES.placedAwaiting };
  }
  if (CONFIRMED_NOT_SHIPPED.has(order.status)) {
    return {
      title: 'Order Confirmed!',
      line: `${thanks} We are getting your gifts ready.`,
      confirmation: true,
      tick: true,
    };
  }
  switch (order.status) {
    case 'pending':
      return { title: 'Awaiting Payment', line: 'We have not received the payment for this order yet.' };
    case 'cancelled':
      return { title: 'Order Cancelled', line: 'This order was cancelled.' };
    case 'shipped':
      return { title: 'Order Shipped', line: 'Your gifts have left us and are on their way.' };
    case 'out_for_delivery':
      return { title: 'Out for Delivery', line: 'Your gifts are on their way to the delivery address.' };
    case 'delivered':
      return { title: 'Order Delivered', line: `Your gifts have been delivered. ${thanks}`, tick: true };
    case 'failed_delivery':
      return { title: 'Delivery Failed', line: 'We could not deliver this order on the last attempt.' };
    // Decision 0065: on its way back to the store (RTO), never "delivered"; decision 0064: what it
    // means for the money, said once.
    case 'rto_initiated':
    case 'rto_in_transit':
      return {
        title: 'Returning to Us',
        line: order.cashOnDelivery
          ? 'We could not deliver this order, so the courier is bringing it back to us. It was cash on delivery: nothing to pay.'
          : 'We could not deliver this order, so the courier is bringing it back to us. We refund what you paid once it is back.',
      };
    case 'returned':
      // Decision 0013: an approved return moves the order to returned and refunds it; a parcel the
      // courier brought back undelivered (or one the store took back) has no return request.
      return order.returns.some((record) => record.status === 'approved')
        ? {
            title: 'Return Accepted',
            line: 'We accepted your return. Its refund is shown under Returns below.',
          }
        : { title: 'Order Returned', line: 'This order has come back to us.' };
    default:
      // SPEC 4: any other status is shown capitalised.
      return { title: orderStatusLabel(order.status), line: thanks };
  }
}

/**
 * Decision 0081: once a gift link expired unanswered, its sender may type the address themselves
 * (the deliveries they allowed), instead of the full refund; without either, it is refunded.
 */
function SenderGiftAddress({ orderId, link }: { orderId: string; link: GiftLinkStatus }) {
  const { address } = useGiftLinkActions(orderId);
  return (
    <div className="mt-4 border-t border-brand-100 pt-3">
      <GiftAddressForm
        by="sender"
        allowedSlots={link.allowedSlots}
        name={link.recipientName}
        pending={address.isPending}
        error={address.error}
        onSubmit={(answer) => address.mutate(answer)}
      />
    </div>
  );
}

function CheckIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-8 w-8"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      aria-hidden="true"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

function OrderConfirmation({
  order,
  email,
  paymentSuccess,
  afterSale,
  addressChange,
}: {
  order: OrderRecord;
  email: string;
  paymentSuccess: boolean;
  /** The invoice and returns of the order. */
  afterSale?: ReactNode;
  /** Decision 0066: "Change address or phone", until the order is booked with the courier. */
  addressChange?: ReactNode;
}) {
  const heading = headingOf(order);
  const { shippingAddress: address } = order;
  const hint = expectedDeliveryHint(order);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <header className="rounded-2xl border border-green-200 bg-white p-5 text-center shadow-sm">
        {heading.tick && (
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-700">
            <CheckIcon />
          </span>
        )}
        <h1 className="mt-3 text-2xl font-extrabold text-stone-900">{heading.title}</h1>
        <p className="mt-1 text-stone-700">{heading.line}</p>
        {paymentSuccess && order.paidAt && !order.cashOnDelivery && (
          <p role="status" className="mt-2 text-sm font-semibold text-green-700">
            Your payment was successful.
          </p>
        )}
        <CashOnDeliveryNote cod={order.cashOnDelivery} status={order.status} className="mt-3 text-left" />
        <dl className="mt-4 grid grid-cols-1 gap-3 text-left text-sm sm:grid-cols-3">
          <div className="rounded-lg bg-brand-50 px-3 py-2">
            <dt className="text-stone-600">Order number</dt>
            <dd className="font-bold text-stone-900">{order.orderNumber}</dd>
          </div>
          <div className="rounded-lg bg-brand-50 px-3 py-2">
            <dt className="text-stone-600">Placed on</dt>
            <dd className="font-bold text-stone-900">
              <time dateTime={order.createdAt}>{formatIndiaDate(order.createdAt)}</time>
            </dd>
          </div>
          <div className="rounded-lg bg-brand-50 px-3 py-2">
            <dt className="text-stone-600">Total</dt>
            <dd className="font-bold text-stone-900">{formatInr(order.totalAmount)}</dd>
          </div>
        </dl>
      </header>

      <PendingOrderActions
        order={order}
        now={Date.now()}
        className="rounded-2xl border border-yellow-300 bg-white p-4 shadow-sm"
      />
      <OrderCancelAction
        order={order}
        className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
      />

      <section
        aria-labelledby="order-items-title"
        className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
      >
        <h2 id="order-items-title" className="text-lg font-bold text-stone-900">
          Items
        </h2>
        <OrderItemList items={order.items} />
        <dl className="space-y-1 border-t border-brand-100 pt-3 text-sm">
          <div className="flex justify-between">
            <dt className="text-stone-700">Subtotal</dt>
            <dd className="font-semibold">{formatInr(order.subtotal)}</dd>
          </div>
          <SavingRows savings={order.quantityDiscounts} />
          {order.discount > 0 && (
            <div className="flex justify-between text-green-800">
              <dt>Coupon {order.couponCode}</dt>
              <dd className="font-semibold">-{formatInr(order.discount)}</dd>
            </div>
          )}
          <FeeRows fees={order.fees} />
          <div className="flex justify-between text-base">
            <dt className="font-bold">Total</dt>
            <dd className="font-extrabold">{formatInr(order.totalAmount)}</dd>
          </div>
        </dl>
        {hasPreOrderItems(order) && (
          <div className="mt-3">
            <PreOrderNotice />
          </div>
        )}
        {/* Decision 0068: the order's one delivery promise, as My Orders and the mails say it. */}
        {hint && <p className="mt-3 text-sm font-semibold text-stone-800">{hint}</p>}
      </section>

      <section
        aria-labelledby="order-address-title"
        className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
      >
        <h2 id="order-address-title" className="text-lg font-bold text-stone-900">
          Shipping Address
        </h2>
        {order.giftLink ? (
          <GiftLinkStatusNote
            link={order.giftLink}
            className="mt-2"
            actions={
              <>
                <GiftLinkActions orderId={order.id} link={order.giftLink} />
                {order.giftLink.state === 'expired' && (
                  <SenderGiftAddress orderId={order.id} link={order.giftLink} />
                )}
              </>
            }
            orderId={order.id}
          />
        ) : (
          <PostalAddress address={address} className="mt-2" />
        )}
        {addressChange}
        <GiftNote gift={order.gift} className="mt-3" />
      </section>

      <section
        aria-labelledby="order-status-title"
        className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
      >
        <div className="flex items-center justify-between gap-2">
          <h2 id="order-status-title" className="text-lg font-bold text-stone-900">
            Order Status
          </h2>
          <OrderStatusBadge status={order.status} awaitingCodYes={order.awaitingCodYes} />
        </div>
        <div className="mt-3">
          <OrderTimeline events={order.events} />
        </div>
      </section>

      {afterSale}

      {/* The confirmation e-mail goes out to the account's address when the payment arrives: an
          order never paid has none, an account signed up by mobile alone gets none, and once the
          order has moved past its confirmation that mail is no longer on its way. */}
      {order.paidAt && !order.cashOnDelivery && email !== '' && heading.confirmation && (
        <p className="rounded-lg bg-brand-100 px-3 py-2 text-center text-sm text-brand-800">
          A confirmation e-mail with your order details is on its way to {email}.
        </p>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to="/orders" className={buttonClass('primary', 'px-6')}>
          View All Orders
        </Link>
        <Link to="/products" className={buttonClass('secondary', 'px-6')}>
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}

/** SPEC 2 "Order confirmation". */
export function OrderConfirmationPage() {
  const { orderId = '' } = useParams();
  const location = useLocation();
  const auth = useAuth();
  const query = useOrder(orderId, auth.user !== null && orderId !== '');
  const changeAddress = useChangeOrderAddress(orderId);
  const queryClient = useQueryClient();
  const [changePaid, setChangePaid] = useState(false);
  const onChangePaid = useCallback(() => {
    setChangePaid(true);
    void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
  }, [queryClient]);
  const paymentSuccess =
    typeof location.state === 'object' && location.state !== null && 'paymentSuccess' in location.state
      ? location.state.paymentSuccess === true
      : false;

  if (auth.user === null && !auth.loading) {
    return (
      <>
        {meta}
        <EmptyState
          title="Please log in to view your order"
          action={
            <Link to="/login" state={{ from: location.pathname }} className={buttonClass('primary')}>
              Login
            </Link>
          }
        />
      </>
    );
  }

  if (auth.user === null || query.isPending) {
    return (
      <div className="py-16 text-center">
        {meta}
        <Spinner label="Loading your order" />
      </div>
    );
  }

  if (query.isError) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-12">
        {meta}
        <ErrorBanner>We couldn't load your order just now. Please try again.</ErrorBanner>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  if (query.data === null) {
    return (
      <>
        {meta}
        <EmptyState
          title="Order not found"
          action={
            <Link to="/orders" className={buttonClass('primary')}>
              View All Orders
            </Link>
          }
        >
          We couldn't find your order. Please check your email for order details.
        </EmptyState>
      </>
    );
  }

  return (
    <>
      {meta}
      <OrderConfirmation
        order={query.data}
        email={auth.user.email}
        paymentSuccess={paymentSuccess}
        addressChange={
          <>
            {query.data.pendingAddressChange && (
              <Suspense fallback={<Spinner label="Loading the payment for your change of address" />}>
                <AddressChangePayment
                  order={query.data}
                  pending={query.data.pendingAddressChange}
                  payer={{
                    name: displayName(auth.user),
                    email: auth.user.email,
                    contact: query.data.shippingAddress.phone,
                  }}
                  now={Date.now()}
                  onPaid={onChangePaid}
                />
              </Suspense>
            )}
            {changePaid && !query.data.pendingAddressChange && (
              <p
                role="status"
                className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-green-800"
              >
                {CHANGE_PAID}
              </p>
            )}
            {query.data.addressEditable && (
              <OrderAddressChange
                address={query.data.shippingAddress}
                who="shopper"
                save={async (change) => ({
                  awaitingPayment: Boolean((await changeAddress.mutateAsync(change)).pendingAddressChange),
                })}
                {...(query.data.delivery
                  ? {
                      delivery: {
                        current: pickOfChoice(query.data.delivery),
                        ChoiceAt: DeliveryChoiceAt,
                      },
                    }
                  : {})}
              />
            )}
          </>
        }
        afterSale={
          <>
            {query.data.invoiceNumber && (
              <p className="text-center">
                <InvoiceDownload
                  orderId={query.data.id}
                  orderNumber={query.data.orderNumber}
                  invoiceNumber={query.data.invoiceNumber}
                />
              </p>
            )}
            <OrderTracking orderId={query.data.id} />
            <OrderReturns order={query.data} now={new Date()} onChanged={() => void query.refetch()} />
          </>
        }
      />
    </>
  );
}

export { OrderConfirmationPage as Component };
