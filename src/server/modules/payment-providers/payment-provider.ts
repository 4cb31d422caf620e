import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentProviderName, ProviderOrder } from '../../../shared/api/payments';

/**
 * DESIGN 4: Razorpay and the built-in sandbox share this interface and the same signature
 * scheme, so every check below runs unchanged whichever provider is configured.
 */
export type PaymentProvider = {
  name: PaymentProviderName;
  /** Public key the checkout window is opened with. */
  keyId: string;
  /** Where the payment page loads the provider's checkout script from. */
  checkoutScriptUrl: string;
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<ProviderOrder>;
  /** Checks `razorpay_signature` = HMAC-SHA256(order_id + "|" + payment_id, key secret). */
  verifyPaymentSignature(input: { providerOrderId: string; paymentId: string; signature: string }): boolean;
  /** Checks `X-Razorpay-Signature` = HMAC-SHA256(raw body, webhook secret). */
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
  /**
   * Refunds part or all of a captured payment. `receipt` names this refund on our side (at least
   * 10 letters, digits or hyphens, the same on every try): Razorpay takes it as the refund's
   * idempotency key (X-Refund-Idempotency) and the sandbox makes one refund per receipt, so a call
   * repeated after a crash does not refund twice.
   */
  refund(paymentId: string, amountPaise: number, receipt: string): Promise<{ id: string }>;
  /**
   * What the provider captured for a payment, to check against the order before it counts; null
   * when the provider keeps no payments of its own to ask (the sandbox, whose only word on a
   * payment is its signed webhook, which carries the amount).
   */
  fetchPayment(paymentId: string): Promise<CapturedAmount | null>;
};

export type CapturedAmount = {
  amountPaise: number;
  currency: string;
  /** What the provider has refunded of the payment (Razorpay's amount_refunded). */
  refundedPaise?: number;
};

/** A captured payment as the provider's webhook tells of it. */
export type ProviderCapture = {
  providerOrderId: string;
  paymentId: string;
  amountPaise: number;
  currency: string | null;
  method: string | null;
};

export const hmacSha256Hex = (secret: string, data: string | Buffer) =>
  createHmac('sha256', secret).update(data).digest('hex');

/** Constant-time comparison of hex signatures (Razorpay's SDK uses `===`; we do not). */
export function signaturesMatch(expectedHex: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-f]+$/i.test(given)) return false;
  const expected = Buffer.from(expectedHex, 'hex');
  const actual = Buffer.from(given, 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Razorpay's documented payment signature: HMAC-SHA256 of `order_id|payment_id`. */
export const paymentSignature = (keySecret: string, providerOrderId: string, paymentId: string) =>
  hmacSha256Hex(keySecret, `${providerOrderId}|${paymentId}`);

/** The checks both providers run, given their two secrets. */
export function signatureChecks(keySecret: string, webhookSecret: string | undefined) {
  return {
    verifyPaymentSignature: ({
      providerOrderId,
      paymentId,
      signature,
    }: {
      providerOrderId: string;
      paymentId: string;
      signature: string;
    }) => signaturesMatch(paymentSignature(keySecret, providerOrderId, paymentId), signature),
    verifyWebhookSignature: (rawBody: Buffer, signature: string | undefined) =>
      // Without a configured webhook secret no webhook can be trusted.
      webhookSecret !== undefined && signaturesMatch(hmacSha256Hex(webhookSecret, rawBody), signature),
  };
}
