import type Razorpay from 'razorpay';
import { type PaymentProvider, signatureChecks } from './payment-provider';

const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

type RazorpayKeys = { keyId: string; keySecret: string; webhookSecret: string | undefined };

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
    async refund(paymentId, amountPaise, receipt) {
      const refund = await (await client()).payments.refund(paymentId, {
        amount: amountPaise,
        ...(receipt ? { receipt } : {}),
      });
      return { id: refund.id };
    },
  };
}
