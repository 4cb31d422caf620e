import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { CashOrderResponse } from '../../shared/api/payments';
import { MY_ORDERS_PLACE } from '../../shared/api/payments-rules';
import { displayName } from '../../shared/auth-rules';
import { giftColumnsOf, giftRecordOf } from '../../shared/gift-options-rules';
import { formatInr } from '../../shared/money';
import { trackEcommerce } from '../analytics';
import { NETWORK_ERROR_MESSAGE } from '../api/client';
import { Button, buttonClass } from '../components/button';
import { OrderAgreement } from '../components/order-agreement';
import { PageMeta } from '../components/page-meta';
import { EmptyState, ErrorBanner, Spinner } from '../components/status-message';
import { useAuth } from '../features/auth/auth-provider';
import { useCartActions } from '../features/cart/use-cart';
import { forgetAppliedCoupon } from '../features/coupons/coupon-store';
import { DeliveryDatePicker } from '../features/delivery-dates/delivery-date-picker';
import { DeliveryChoiceNote } from '../features/orders/delivery-choice-note';
import { GiftNote } from '../features/orders/gift-note';
import { isPayable, ORDERS_QUERY_KEY, startOrderPayment, useOrder } from '../features/orders/orders-api';
import { PaymentDetails, PaymentSummary } from '../features/payment/payment-details';
import { PaymentMethodChoice } from '../features/payment/payment-method-choice';
import { type PaymentRequest, useCheckedPaymentRequest } from '../features/payment/payment-request';
import { ProcessingOverlay } from '../features/payment/processing-overlay';
import { type PaidOrder, preloadCheckoutScript, usePaymentFlow } from '../features/payment/use-payment-flow';
import { usePaymentWindow } from '../features/payment/use-payment-window';
import { purchaseOf, usePaymentOrder } from './payment/use-payment-order';

// Only cash on delivery for an account without a verified mobile needs the code form: it loads then.
const AccountPhone = lazy(() =>
  import('../features/auth/account-phone').then((module) => ({ default: module.AccountPhone })),
);

const meta = (
  <>
    <PageMeta title="Payment" description="Pay securely for your order." />
    <meta name="robots" content="noindex" />
  </>
);

/** A server message that sends the shopper to My Orders (the unpaid-orders limit) links there. */
function withOrdersLink(message: string): ReactNode {
  const [before, after] = message.split(MY_ORDERS_PLACE);
  if (after === undefined) return message;
  return (
    <>
      {before}
      <Link to="/orders" className="font-semibold underline">
        My Orders
      </Link>
      {after}
    </>
  );
}

function PaymentForm({ request: checkedOut }: { request: PaymentRequest }) {
  const { user } = useAuth();
  const { clearCart } = useCartActions();
  const navigate = useNavigate();

  const payment = usePaymentOrder({ checkedOut, verifiedPhone: user?.phone });
  const { request, delivery, cod, codChecking, payOnDelivery, codFee, total, shipping } = payment;

  const placed = useCallback(
    (order: { orderId: string; orderNumber: string; totalAmount: number }, state: object) => {
      // Decision 0069: Buy Now bought its one line; the cart is kept for later.
      if (!request.buyNow) clearCart();
      forgetAppliedCoupon();
      // SPEC 1: purchase in INR, with the order as the transaction (and the coupon).
      trackEcommerce('purchase', ...purchaseOf(request, order, shipping));
      navigate(`/order-confirmation/${order.orderId}`, { replace: true, state });
    },
    [clearCart, navigate, request, shipping],
  );
  const onPaid = useCallback(({ order }: PaidOrder) => placed(order, { paymentSuccess: true }), [placed]);
  const onCashOrder = useCallback(
    (order: CashOrderResponse) => placed(order, { cashOnDelivery: true }),
    [placed],
  );

  const payer = useMemo(() => ({ name: displayName(user), email: user?.email ?? '' }), [user]);
  const { phase, message, pay, placeCashOrder, deliveryRefused } = usePaymentFlow({
    request,
    payer,
    onPaid,
    onCashOrder,
  });
  const { refuse } = delivery;
  useEffect(() => {
    if (deliveryRefused) refuse();
  }, [deliveryRefused, refuse]);

  return (
    <>
      <div className="mt-4 grid gap-4 md:grid-cols-[1fr_22rem] md:items-start">
        <div className="flex flex-col gap-4">
          <PaymentDetails
            request={request}
            codFee={codFee}
            paymentMethod={
              cod?.offered || codChecking ? (
                <PaymentMethodChoice
                  cod={cod?.offered ? cod : null}
                  method={payOnDelivery ? 'cod' : 'online'}
                  onChange={payment.chooseMethod}
                  phoneVerifier={
                    <Suspense fallback={<Spinner label="Loading the mobile number form" />}>
                      <AccountPhone intro="We send a 6-digit code by SMS to check the number." />
                    </Suspense>
                  }
                />
              ) : undefined
            }
          />
          {delivery.refused ? (
            <DeliveryDatePicker
              title="Choose another delivery date"
              pincode={delivery.pincode}
              hasPreOrder={false}
              lookup={delivery.dates}
              value={delivery.chosen}
              onChange={delivery.choose}
            />
          ) : (
            <DeliveryChoiceNote
              delivery={delivery.chosen}
              className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
            />
          )}
          {/* The gift options chosen at checkout, as the order will carry them. */}
          <GiftNote gift={giftRecordOf(giftColumnsOf(request.giftOptions))} />
        </div>
        <div className="flex flex-col gap-3 md:sticky md:top-20">
          {message && <ErrorBanner>{withOrdersLink(message)}</ErrorBanner>}
          {payOnDelivery ? (
            <Button
              onClick={() => void placeCashOrder(codFee)}
              disabled={phase !== 'idle'}
              className="w-full py-3 text-base"
            >
              {phase === 'creating' ? 'Placing order...' : `Place order: pay ${formatInr(total)} on delivery`}
            </Button>
          ) : (
            <Button onClick={() => void pay()} disabled={phase !== 'idle'} className="w-full py-3 text-base">
              {phase === 'creating' ? 'Initiating Payment...' : `Pay ${formatInr(total)}`}
            </Button>
          )}
          <OrderAgreement />
          <Link to="/checkout" className="text-center text-sm font-semibold text-brand-700 hover:underline">
            Back to checkout
          </Link>
        </div>
      </div>
      {phase === 'verifying' && <ProcessingOverlay />}
    </>
  );
}

/**
 * 'Complete payment' of an order left waiting for payment (My Orders, its confirmation
 * page). It pays that order (POST /orders/{id}/payment), never a second one holding the same stock.
 */
function PendingOrderPayment({ orderId }: { orderId: string }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useOrder(orderId, true);
  const order = query.data ?? null;

  const startOrder = useCallback(() => startOrderPayment(orderId), [orderId]);
  const onPaid = useCallback(
    ({ order: paid }: PaidOrder) => {
      // SPEC 1: purchase in INR, with the order as the transaction.
      trackEcommerce(
        'purchase',
        (order?.items ?? []).map((item) => ({
          item_id: String(item.product.id),
          item_name: item.product.name,
          price: item.price,
          quantity: item.quantity,
        })),
        {
          transaction_id: paid.orderNumber,
          value: paid.totalAmount,
          shipping: order?.shippingCost ?? 0,
          ...(order?.couponCode ? { coupon: order.couponCode } : {}),
        },
      );
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
      navigate(`/order-confirmation/${orderId}`, { replace: true, state: { paymentSuccess: true } });
    },
    [navigate, queryClient, orderId, order],
  );
  const payer = useMemo(
    () => ({
      name: displayName(user),
      email: user?.email ?? '',
      contact: order?.shippingAddress.phone ?? '',
    }),
    [user, order?.shippingAddress.phone],
  );
  const { phase, message, pay } = usePaymentWindow({ startOrder, payer, onPaid });

  if (query.isPending) {
    return (
      <div className="py-16 text-center">
        <Spinner label="Loading your order" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="mt-4 flex flex-col items-start gap-3">
        <ErrorBanner>We couldn't load your order just now. Please try again.</ErrorBanner>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (order === null || !isPayable(order, Date.now())) {
    return (
      <EmptyState
        title={order === null ? 'Order not found' : 'This order is no longer awaiting payment'}
        action={
          <Link to="/orders" className={buttonClass('primary', 'px-8')}>
            View All Orders
          </Link>
        }
      >
        {order === null
          ? "We couldn't find your order. Please check your email for order details."
          : 'It has been paid, or it expired or was cancelled before payment. My Orders shows where it is.'}
      </EmptyState>
    );
  }

  return (
    <>
      <p className="mt-1 text-stone-700">Order {order.orderNumber}</p>
      <div className="mt-4 grid gap-4 md:grid-cols-[1fr_22rem] md:items-start">
        <div className="flex flex-col gap-4">
          <PaymentSummary
            subtotal={order.subtotal}
            quantityDiscounts={order.quantityDiscounts}
            discount={order.discount}
            fees={order.fees}
            total={order.totalAmount}
            couponCode={order.couponCode}
            units={order.items.reduce((sum, item) => sum + item.quantity, 0)}
            address={order.shippingAddress}
          />
          <DeliveryChoiceNote
            delivery={order.delivery}
            className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
          />
          <GiftNote gift={order.gift} />
        </div>
        <div className="flex flex-col gap-3 md:sticky md:top-20">
          {message && <ErrorBanner>{message}</ErrorBanner>}
          <Button onClick={() => void pay()} disabled={phase !== 'idle'} className="w-full py-3 text-base">
            {phase === 'creating' ? 'Initiating Payment...' : `Pay ${formatInr(order.totalAmount)}`}
          </Button>
          <Link
            to={`/order-confirmation/${order.id}`}
            className="text-center text-sm font-semibold text-brand-700 hover:underline"
          >
            Back to the order
          </Link>
        </div>
      </div>
      {phase === 'verifying' && <ProcessingOverlay />}
    </>
  );
}

/**
 * SPEC 2 "Payment": reached from checkout with the order's address, total and lines, or
 * as /payment?order={id} to pay an order left waiting for payment.
 */
export function PaymentPage() {
  const { user, loading } = useAuth();
  const location = useLocation();
  const [search] = useSearchParams();
  const pendingOrderId = search.get('order');
  const checked = useCheckedPaymentRequest(location.state);
  const request = checked.request;
  const hasRequest = request !== null || pendingOrderId !== null;
  // Without a pending order, the page waits for the check of what checkout handed it.
  const checking = pendingOrderId === null && checked.checking;

  // SPEC 7: the provider's script loads when the payment page opens.
  useEffect(() => {
    if (hasRequest) preloadCheckoutScript();
  }, [hasRequest]);

  if (!user || checking) {
    if (loading || checking) {
      return (
        <div className="py-16 text-center">
          {meta}
          <Spinner label="Loading payment" />
        </div>
      );
    }
    // SPEC 4: without a user, to /login, which brings the shopper back to checkout (or the order).
    if (pendingOrderId !== null) {
      return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
    }
    const shippingAddress = request?.address;
    return <Navigate to="/login" replace state={{ from: '/checkout', shippingAddress }} />;
  }

  if (pendingOrderId !== null) {
    return (
      <div className="mx-auto max-w-5xl">
        {meta}
        <h1 className="text-2xl font-extrabold text-stone-900">Complete Your Payment</h1>
        <PendingOrderPayment orderId={pendingOrderId} />
      </div>
    );
  }

  if (checked.failed) {
    return (
      <div className="mx-auto max-w-5xl">
        {meta}
        <h1 className="text-2xl font-extrabold text-stone-900">Payment</h1>
        <div className="mt-4 flex flex-col items-start gap-3">
          <ErrorBanner>{NETWORK_ERROR_MESSAGE}</ErrorBanner>
          <Button variant="secondary" onClick={checked.retry}>
            Try again
          </Button>
        </div>
      </div>
    );
  }

  if (!request) {
    return (
      <div className="mx-auto max-w-5xl">
        {meta}
        <h1 className="text-2xl font-extrabold text-stone-900">Payment</h1>
        <EmptyState
          title="Invalid Payment Request"
          action={
            <Link to="/checkout" className={buttonClass('primary', 'px-8')}>
              Go to Checkout
            </Link>
          }
        >
          Please complete the checkout process first.
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-5xl">
      {meta}
      <h1 className="text-2xl font-extrabold text-stone-900">Complete Your Payment</h1>
      <PaymentForm request={request} />
    </div>
  );
}

export { PaymentPage as Component };
