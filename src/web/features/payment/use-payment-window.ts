import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  CreateOrderResponse,
  VerifyPaymentPayload,
  VerifyPaymentResponse,
} from '../../../shared/api/payments';
import { storeSettings } from '../../app-data';
import { loadCheckoutScript } from './checkout-script';
import { initiateFailureMessage, PAYMENT_MESSAGES, verificationFailureMessage } from './payment-messages';
import { paymentsApi } from './payments-api';
import type { RazorpayCheckout, RazorpayConstructor, RazorpaySuccess } from './razorpay';

// DESIGN 4: the store's orange; the window's header shows the store's name and logo. The logo's
// address is absolute: Razorpay's window lives on its own origin, where '/favicon.svg' is not ours.
const THEME_COLOUR = '#ea580c';
const logoUrl = () => new URL('/favicon.svg', window.location.origin).href;

const orderDescription = (order: CreateOrderResponse) => `Order ${order.orderNumber}`;

export type PaymentPhase = 'idle' | 'creating' | 'verifying';

export type Payer = { name: string; email: string; contact: string };

export type PaidOrder<V = VerifyPaymentResponse> = { order: CreateOrderResponse; verification: V };

const loadRazorpay = (): Promise<RazorpayConstructor> =>
  loadCheckoutScript(async () => (await paymentsApi.config()).checkoutScript);

/** Starts loading the provider's script (SPEC 7: when the payment page opens). */
export function preloadCheckoutScript() {
  loadRazorpay().catch(() => {
    // Tried again when the shopper presses Pay, which then says what went wrong.
  });
}

/**
 * SPEC 4 "Checkout and payment flow" after the order exists: get our order and its provider order
 * (`startOrder`: a cart's create-order, or an owner's quote), open the provider's window, verify on
 * success; dismissing or failing leaves the shopper on the page with the spec's message.
 */
export function usePaymentWindow<V = VerifyPaymentResponse>({
  startOrder,
  payer,
  onPaid,
  verifyPayment = paymentsApi.verify as (payload: VerifyPaymentPayload) => Promise<V>,
  description = orderDescription,
}: {
  startOrder(): Promise<CreateOrderResponse>;
  payer: Payer;
  onPaid(paid: PaidOrder<V>): void;
  /** Where the window's signature is checked: the order's payment, or a change's (decision 0085). */
  verifyPayment?: (payload: VerifyPaymentPayload) => Promise<V>;
  description?: (order: CreateOrderResponse) => string;
}) {
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const busy = useRef(false);
  // Decision 0068: leaving the page (Back to checkout) takes the payment window with it; it sits on
  // the page's body, so it would otherwise stay on top of checkout.
  const openWindow = useRef<RazorpayCheckout | null>(null);
  useEffect(
    () => () => {
      openWindow.current?.close();
      openWindow.current = null;
    },
    [],
  );

  const verify = useCallback(
    async (order: CreateOrderResponse, signature: RazorpaySuccess) => {
      setPhase('verifying');
      setMessage(null);
      try {
        const verification = await verifyPayment({ ...signature, orderId: order.orderId });
        onPaid({ order, verification });
      } catch (error) {
        setPhase('idle');
        setMessage(verificationFailureMessage(error));
      }
    },
    [onPaid, verifyPayment],
  );

  const pay = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setPhase('creating');
    setMessage(null);

    let Razorpay: RazorpayConstructor;
    let order: CreateOrderResponse;
    try {
      const created = startOrder();
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
      description: description(order),
      image: logoUrl(),
      prefill: { name: payer.name, email: payer.email, contact: payer.contact },
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
    openWindow.current = checkout;
    checkout.open();
  }, [startOrder, payer.name, payer.email, payer.contact, verify, description]);

  return { phase, message, pay };
}
