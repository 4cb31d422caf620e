import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { displayName } from '../../shared/auth';
import type { DeliveryChoice } from '../../shared/delivery-dates';
import { giftColumnsOf, giftRecordOf } from '../../shared/gift-options';
import { formatInr } from '../../shared/money';
import { trackEcommerce } from '../analytics';
import { Button, buttonClass } from '../components/button';
import { OrderAgreement } from '../components/order-agreement';
import { PageMeta } from '../components/page-meta';
import { EmptyState, ErrorBanner, Spinner } from '../components/status-message';
import { useAuth } from '../features/auth/auth-provider';
import { useCartActions } from '../features/cart/use-cart';
import { forgetAppliedCoupon } from '../features/coupons/coupon-store';
import { DeliveryDatePicker } from '../features/delivery-dates/delivery-date-picker';
import { offeredChoice, useDeliveryDates } from '../features/delivery-dates/delivery-dates-api';
import { DeliveryChoiceNote } from '../features/orders/delivery-choice-note';
import { GiftNote } from '../features/orders/gift-note';
import { PaymentDetails } from '../features/payment/payment-details';
import {
  type PaymentRequest,
  paymentAmounts,
  readPaymentRequest,
  withDeliveryChoice,
} from '../features/payment/payment-request';
import { ProcessingOverlay } from '../features/payment/processing-overlay';
import { type PaidOrder, preloadCheckoutScript, usePaymentFlow } from '../features/payment/use-payment-flow';

const meta = (
  <>
    <PageMeta title="Payment" description="Pay securely for your order." />
    <meta name="robots" content="noindex" />
  </>
);

function PaymentForm({ request: checkedOut }: { request: PaymentRequest }) {
  const { user } = useAuth();
  const { clearCart } = useCartActions();
  const navigate = useNavigate();

  // Issue 13: when the server refuses the day chosen at checkout (2 PM passed while paying), the
  // days are offered again here, fresh, and the next Pay sends the new choice and its total.
  const [refused, setRefused] = useState(false);
  const [dateChoice, setDateChoice] = useState<DeliveryChoice | null>(null);
  const pincode = checkedOut.address.postalCode.trim();
  const deliveryDates = useDeliveryDates(refused ? pincode : null, { fresh: true });
  const chosenDelivery = useMemo(
    () => (refused ? offeredChoice(dateChoice, deliveryDates.data) : (checkedOut.delivery ?? null)),
    [refused, dateChoice, deliveryDates.data, checkedOut.delivery],
  );
  const request = useMemo(() => withDeliveryChoice(checkedOut, chosenDelivery), [checkedOut, chosenDelivery]);
  const { total, shipping } = paymentAmounts(request);

  const onPaid = useCallback(
    ({ order }: PaidOrder) => {
      clearCart();
      forgetAppliedCoupon();
      // SPEC 1: purchase in INR, with the order as the transaction (and the coupon, issue 14).
      trackEcommerce(
        'purchase',
        request.items.map((item) => ({
          item_id: String(item.id),
          item_name: item.name,
          item_category: item.category || undefined,
          price: item.price,
          quantity: item.quantity,
        })),
        {
          transaction_id: order.orderNumber,
          value: order.totalAmount,
          shipping,
          ...(request.couponCode ? { coupon: request.couponCode } : {}),
        },
      );
      navigate(`/order-confirmation/${order.orderId}`, { replace: true, state: { paymentSuccess: true } });
    },
    [clearCart, navigate, request.items, request.couponCode, shipping],
  );

  const payer = useMemo(() => ({ name: displayName(user), email: user?.email ?? '' }), [user]);
  const { phase, message, pay, deliveryRefused } = usePaymentFlow({ request, payer, onPaid });
  useEffect(() => {
    if (deliveryRefused) setRefused(true);
  }, [deliveryRefused]);

  return (
    <>
      <div className="mt-4 grid gap-4 md:grid-cols-[1fr_22rem] md:items-start">
        <div className="flex flex-col gap-4">
          <PaymentDetails request={request} />
          {refused ? (
            <DeliveryDatePicker
              title="Choose another delivery date"
              pincode={pincode}
              hasPreOrder={false}
              lookup={deliveryDates}
              value={chosenDelivery}
              onChange={setDateChoice}
            />
          ) : (
            <DeliveryChoiceNote
              delivery={chosenDelivery}
              className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
            />
          )}
          {/* Issue 13: the gift options chosen at checkout, as the order will carry them. */}
          <GiftNote gift={giftRecordOf(giftColumnsOf(request.giftOptions))} />
        </div>
        <div className="flex flex-col gap-3 md:sticky md:top-20">
          {message && <ErrorBanner>{message}</ErrorBanner>}
          <Button onClick={() => void pay()} disabled={phase !== 'idle'} className="w-full py-3 text-base">
            {phase === 'creating' ? 'Initiating Payment...' : `Pay ${formatInr(total)}`}
          </Button>
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

/** SPEC 2 "Payment": reached from checkout with the order's address, total and lines. */
export function PaymentPage() {
  const { user, loading } = useAuth();
  const location = useLocation();
  const request = useMemo(() => readPaymentRequest(location.state), [location.state]);
  const hasRequest = request !== null;

  // SPEC 7: the provider's script loads when the payment page opens.
  useEffect(() => {
    if (hasRequest) preloadCheckoutScript();
  }, [hasRequest]);

  if (!user) {
    if (loading) {
      return (
        <div className="py-16 text-center">
          {meta}
          <Spinner label="Loading payment" />
        </div>
      );
    }
    // SPEC 4: without a user, to /login, which brings the shopper back to checkout.
    const shippingAddress = request?.address;
    return <Navigate to="/login" replace state={{ from: '/checkout', shippingAddress }} />;
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
