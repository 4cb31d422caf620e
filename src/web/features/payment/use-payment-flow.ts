import { useCallback, useRef, useState } from 'react';
import type { CreateOrderResponse, VerifyPaymentResponse } from '../../../shared/api/payments';
import { ApiError } from '../../api/client';
import { storeSettings } from '../../app-data';
import { loadCheckoutScript } from './checkout-script';
import { initiateFailureMessage, PAYMENT_MESSAGES, verificationFailureMessage } from './payment-messages';
import { deliveryChoiceOf, type PaymentRequest } from './payment-request';
import { paymentsApi } from './payments-api';
import type { RazorpayConstructor, RazorpaySuccess } from './razorpay';

// DESIGN 4: the store's orange; the window's header shows the store's name and logo. The logo's
// address is absolute: Razorpay's window lives on its own origin, where '/favicon.svg' is not ours.
const THEME_COLOUR = '#ea580c';
const logoUrl = () => new URL('/favicon.svg', window.location.origin).href;

export type PaymentPhase = 'idle' | 'creating' | 'verifying';

export type Payer = { name: string; email: string };

export type PaidOrder = { order: CreateOrderResponse; verification: VerifyPaymentResponse };

const loadRazorpay = (): Promise<RazorpayConstructor> =>
  loadCheckoutScript(async () => (await paymentsApi.config()).checkoutScript);

/** Starts loading the provider's script (SPEC 7: when the payment page opens). */
export function preloadCheckoutScript() {
  loadRazorpay().catch(() => {
    // Tried again when the shopper presses Pay, which then says what went wrong.
  });
}

const newIdempotencyKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * SPEC 4 "Checkout and payment flow": create the order, open the provider's window, verify on
 * success; dismissing or failing leaves the shopper on the page with the spec's message.
 */
export function usePaymentFlow({
  request,
  payer,
  onPaid,
}: {
  request: PaymentRequest;
  payer: Payer;
  onPaid(paid: PaidOrder): void;
}) {
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [message, setMessage] = useState<string | null>(null);
  // Issue 13: the server refused the delivery day (2 PM passed while paying): offer the days again.
  const [deliveryRefused, setDeliveryRefused] = useState(false);
  // One key for the whole visit: pressing Pay again after a network error, a dismissed window or a
  // failed payment is a retry the server answers with the same pending order, so no second order
  // holds stock. Only when the server refuses the key (the order expired or changed) does the
  // next press start a new order.
  const attemptKey = useRef<string | null>(null);
  const busy = useRef(false);

  const verify = useCallback(
    async (order: CreateOrderResponse, signature: RazorpaySuccess) => {
      setPhase('verifying');
      setMessage(null);
      try {
        const verification = await paymentsApi.verify({ ...signature, orderId: order.orderId });
        onPaid({ order, verification });
      } catch (error) {
        setPhase('idle');
        setMessage(verificationFailureMessage(error));
      }
    },
    [onPaid],
  );

  const pay = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setPhase('creating');
    setMessage(null);
    setDeliveryRefused(false);
    attemptKey.current ??= newIdempotencyKey();
    const delivery = deliveryChoiceOf(request);
    const { address, items, orderTotal, couponCode, giftOptions } = request;

    let Razorpay: RazorpayConstructor;
    let order: CreateOrderResponse;
    try {
      const created = paymentsApi.createOrder(
        {
          items: items.map((item) => ({
            productId: item.id,
            quantity: item.quantity,
            inStock: item.inStock,
            allowPreOrder: item.allowPreOrder,
            minQuantity: item.minQuantity,
            ...(item.personalisation ? { personalisation: item.personalisation } : {}),
          })),
          totalAmount: orderTotal,
          shippingAddress: address,
          ...(couponCode ? { couponCode } : {}),
          ...(giftOptions ? { giftOptions } : {}),
          ...(delivery ? { delivery } : {}),
        },
        attemptKey.current,
      );
      const script = loadRazorpay();
      // Awaited below only when the order was made; a failure before then is not left unhandled.
      script.catch(() => {});
      order = await created;
      try {
        Razorpay = await script;
      } catch {
        busy.current = false;
        setPhase('idle');
        setMessage(PAYMENT_MESSAGES.scriptFailed);
        return;
      }
    } catch (error) {
      busy.current = false;
      if (error instanceof ApiError && error.status === 409) attemptKey.current = null;
      if (error instanceof ApiError && error.errors.some((field) => field.path === 'delivery')) {
        setDeliveryRefused(true);
      }
      setPhase('idle');
      setMessage(initiateFailureMessage(error));
      return;
    }

    const checkout = new Razorpay({
      key: order.keyId,
      amount: order.order.amount,
      currency: 'INR',
      order_id: order.order.id,
      name: storeSettings.storeName,
      description: `Order ${order.orderNumber}`,
      image: logoUrl(),
      prefill: { name: payer.name, email: payer.email, contact: address.phone },
      readonly: { email: true, contact: true, name: true },
      theme: { color: THEME_COLOUR },
      modal: {
        escape: false,
        confirm_close: true,
        ondismiss: () => {
          busy.current = false;
          setPhase('idle');
          setMessage(PAYMENT_MESSAGES.cancelled);
        },
      },
      handler: (signature) => void verify(order, signature),
    });
    checkout.on('payment.failed', (response) => {
      // SPEC 4: the failure is reported to the server (best effort) and the message shown; the
      // window stays open for another try, as the provider's does.
      paymentsApi.reportFailure({ orderId: order.orderId, error: response.error }).catch(() => {});
      setMessage(PAYMENT_MESSAGES.failed(response.error?.description));
    });
    busy.current = false;
    setPhase('idle');
    checkout.open();
  }, [request, payer.name, payer.email, verify]);

  return { phase, message, pay, deliveryRefused };
}
