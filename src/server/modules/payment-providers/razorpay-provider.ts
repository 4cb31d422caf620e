import type Razorpay from 'razorpay';
import { type PaymentProvider, signatureChecks } from './payment-provider';

const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

const RAZORPAY_API = 'https://api.razorpay.com';
// A refund that has not answered in this long is left due and tried again with the same key.
const REFUND_TIME_LIMIT_MS = 30_000;

type RazorpayKeys = {
  keyId: string;
  keySecret: string;
  webhookSecret: string | undefined;
  /** Where the REST API answers; a local stand-in in tests. */
  apiBase?: string;
};

/** Razorpay's Orders API through its official SDK (DESIGN 4); signatures checked by our code. */
export function createRazorpayProvider(keys: RazorpayKeys): PaymentProvider {
  // The SDK is loaded on the first payment, not at start-up (a restart serves sooner).
  let sdk: Promise<Razorpay> | undefined;
  const client = () => {
    sdk ??= import('razorpay').then(
      ({ default: RazorpaySdk }) => new RazorpaySdk({ key_id: keys.keyId, key_secret: keys.keySecret }),
    );
    return sdk;
  };
  return {
    name: 'razorpay',
    keyId: keys.keyId,
    checkoutScriptUrl: RAZORPAY_CHECKOUT_SCRIPT,
    async createOrder({ amountPaise, receipt, notes }) {
      const order = await (await client()).orders.create({
        amount: amountPaise,
        currency: 'INR',
        receipt,
        notes,
      });
      return { id: order.id, amount: Number(order.amount), currency: 'INR' };
    },
    ...signatureChecks(keys.keySecret, keys.webhookSecret),
    async fetchPayment(paymentId) {
      const payment = await (await client()).payments.fetch(paymentId);
      return {
        amountPaise: Number(payment.amount),
        currency: String(payment.currency),
        refundedPaise: Number(payment.amount_refunded ?? 0),
      };
    },
    /**
     * Razorpay makes a refund request idempotent by its X-Refund-Idempotency header (at least 10
     * letters, digits, hyphens or underscores; a retry must repeat the body): the receipt names
     * this refund and never changes between tries, so it is the key, and a call repeated after a
     * crash between Razorpay and our commit answers the first refund instead of making a second.
     * The SDK's payments.refund cannot send a header per request, so this one call is made here.
     */
    async refund(paymentId, amountPaise, receipt) {
      const response = await fetch(
        `${keys.apiBase ?? RAZORPAY_API}/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`,
            'content-type': 'application/json',
            'x-refund-idempotency': receipt,
          },
          body: JSON.stringify({ amount: amountPaise, receipt }),
          signal: AbortSignal.timeout(REFUND_TIME_LIMIT_MS),
        },
      );
      const body = (await response.json().catch(() => ({}))) as {
        id?: string;
        error?: { description?: string };
      };
      if (!response.ok || typeof body.id !== 'string') {
        throw new Error(
          `Razorpay refused the refund of ${paymentId} (${response.status}): ${body.error?.description ?? 'no reason given'}`,
        );
      }
      return { id: body.id };
    },
  };
}
