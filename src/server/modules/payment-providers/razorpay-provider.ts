import type Razorpay from 'razorpay';
import { PAYMENT_MESSAGES } from '../../../shared/api/payments';
import { AppError, badGateway, unavailable } from '../../errors';
import { type PaymentProvider, signatureChecks } from './payment-provider';

const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

// A refund that has not answered in this long is left due and tried again with the same key.
const REFUND_TIME_LIMIT_MS = 30_000;

type RazorpayKeys = {
  keyId: string;
  keySecret: string;
  webhookSecret: string | undefined;
  /** Where the REST API answers (RAZORPAY_API_URL); a local stand-in in tests. */
  apiBase: string;
  /** How long an SDK call may take (OUTSIDE_CALL_TIMEOUT_MS). */
  timeoutMs: number;
};

/**
 * The SDK rejects an answer it got as `{ statusCode, error }` and anything else (a refused
 * connection, a timeout) as the TypeError its error mapping throws on a missing response: both
 * become a 502/503 a shopper can read, never a 500 (decision 0053).
 */
function providerFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status < 500) return badGateway(PAYMENT_MESSAGES.providerRefused);
  return unavailable(PAYMENT_MESSAGES.providerDown);
}

/** An SDK call, failing as providerFailure says. */
async function calling<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerFailure(error);
  }
}

type AxiosDefaults = { timeout?: number; baseURL?: string };

/** Razorpay's Orders API through its official SDK (DESIGN 4); signatures checked by our code. */
export function createRazorpayProvider(keys: RazorpayKeys): PaymentProvider {
  // The SDK is loaded on the first payment, not at start-up (a restart serves sooner).
  let sdk: Promise<Razorpay> | undefined;
  const client = () => {
    sdk ??= import('razorpay').then(({ default: RazorpaySdk }) => {
      const made = new RazorpaySdk({ key_id: keys.keyId, key_secret: keys.keySecret });
      // The SDK has no timeout option of its own; its requests go through this axios instance,
      // whose defaults take one (and the address, for a stand-in). The cast: `api.rq` is the SDK's
      // own inside, absent from its types; razorpay-provider.test.ts fails if an upgrade moves it.
      const { defaults } = (made as unknown as { api: { rq: { defaults: AxiosDefaults } } }).api.rq;
      defaults.timeout = keys.timeoutMs;
      defaults.baseURL = keys.apiBase;
      return made;
    });
    return sdk;
  };
  return {
    name: 'razorpay',
    keyId: keys.keyId,
    checkoutScriptUrl: RAZORPAY_CHECKOUT_SCRIPT,
    async createOrder({ amountPaise, receipt, notes }) {
      const sdkClient = await client();
      const order = await calling(() =>
        sdkClient.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes }),
      );
      return { id: order.id, amount: Number(order.amount), currency: 'INR' };
    },
    ...signatureChecks(keys.keySecret, keys.webhookSecret),
    async fetchPayment(paymentId) {
      const sdkClient = await client();
      const payment = await calling(() => sdkClient.payments.fetch(paymentId));
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
      const response = await fetch(`${keys.apiBase}/v1/payments/${encodeURIComponent(paymentId)}/refund`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`,
          'content-type': 'application/json',
          'x-refund-idempotency': receipt,
        },
        body: JSON.stringify({ amount: amountPaise, receipt }),
        signal: AbortSignal.timeout(REFUND_TIME_LIMIT_MS),
      });
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
