import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '../../db/schema';
import { createTestApp } from '../../testing/test-app';
import { setUpTestDatabase } from '../../testing/test-store';
import { createRazorpayProvider } from './razorpay-provider';

// Fixed vectors for Razorpay's two signatures, as its documentation defines them: the Checkout
// answer's razorpay_signature is HMAC-SHA256(order_id + "|" + razorpay_payment_id) keyed with the
// key secret, and a webhook's X-Razorpay-Signature is HMAC-SHA256 of the raw body keyed with the
// webhook secret, both as lowercase hex. The digests below were computed once outside the code
// under test, with `printf '%s' '<input>' | openssl dgst -sha256 -hmac '<secret>'`, so a signer that
// joins, keys or encodes differently fails here instead of agreeing with itself. Razorpay's
// documentation publishes no input, secret and digest together; its integration checks (Payment
// Gateway, "Best practices: security", BP-02 and BP-37) ask for what these tests do: genuine values
// pass, one character changed in either is refused, and the webhook is checked on its raw body.

const KEY_SECRET = 'EnLs21M47BllR3X8PSFtjtbd';
const WEBHOOK_SECRET = 'whsec_gift_store_2026';
const ORDER_ID = 'order_IluGWxBm9U8zJ8';
const PAYMENT_ID = 'pay_IH4NVgf4Dreq1l';
const PAYMENT_SIGNATURE = 'c7a6b6e37e5fb8b5387cd93cff2f9cedbf5cb78112fd50292c56b4cecb49b80d';

// The raw body byte for byte: a webhook is checked before it is parsed, never re-serialised.
const WEBHOOK_BODY =
  '{"entity":"event","account_id":"acc_BFQ7uQEaa7j2z7","event":"payment.captured","contains":["payment"],"payload":{"payment":{"entity":{"id":"pay_IH4NVgf4Dreq1l","entity":"payment","amount":129900,"currency":"INR","status":"captured","order_id":"order_IluGWxBm9U8zJ8","method":"upi","captured":true}}},"created_at":1642662092}';
const WEBHOOK_SIGNATURE = '787e48361fc39f4dbe6da802444a56c42d28d0d252be5614165490b06af94c55';

const provider = createRazorpayProvider({
  keyId: 'rzp_test_vectors',
  keySecret: KEY_SECRET,
  webhookSecret: WEBHOOK_SECRET,
  apiBase: 'http://127.0.0.1:9',
  timeoutMs: 1_000,
});

/** The same text with its character at `index` replaced by another one. */
const changedAt = (text: string, index: number) =>
  text.slice(0, index) + (text[index] === '0' ? '1' : '0') + text.slice(index + 1);

describe('Razorpay payment signature vector', () => {
  it('accepts the documented HMAC-SHA256 of order_id|payment_id under the key secret', () => {
    expect(
      provider.verifyPaymentSignature({
        providerOrderId: ORDER_ID,
        paymentId: PAYMENT_ID,
        signature: PAYMENT_SIGNATURE,
      }),
    ).toBe(true);
  });

  it('refuses the signature with one hex character changed, first or last', () => {
    for (const index of [0, PAYMENT_SIGNATURE.length - 1]) {
      expect(
        provider.verifyPaymentSignature({
          providerOrderId: ORDER_ID,
          paymentId: PAYMENT_ID,
          signature: changedAt(PAYMENT_SIGNATURE, index),
        }),
      ).toBe(false);
    }
  });

  it('refuses the right signature for an order or payment id one character off', () => {
    expect(
      provider.verifyPaymentSignature({
        providerOrderId: 'order_IluGWxBm9U8zJ9',
        paymentId: PAYMENT_ID,
        signature: PAYMENT_SIGNATURE,
      }),
    ).toBe(false);
    expect(
      provider.verifyPaymentSignature({
        providerOrderId: ORDER_ID,
        paymentId: 'pay_IH4NVgf4Dreq1m',
        signature: PAYMENT_SIGNATURE,
      }),
    ).toBe(false);
  });

  it('refuses the webhook digest offered as a payment signature (other secret, other input)', () => {
    expect(
      provider.verifyPaymentSignature({
        providerOrderId: ORDER_ID,
        paymentId: PAYMENT_ID,
        signature: WEBHOOK_SIGNATURE,
      }),
    ).toBe(false);
  });
});

describe('Razorpay webhook signature vector', () => {
  it('accepts the documented HMAC-SHA256 of the raw body under the webhook secret', () => {
    expect(provider.verifyWebhookSignature(Buffer.from(WEBHOOK_BODY), WEBHOOK_SIGNATURE)).toBe(true);
  });

  it('refuses the signature with one hex character changed', () => {
    expect(provider.verifyWebhookSignature(Buffer.from(WEBHOOK_BODY), changedAt(WEBHOOK_SIGNATURE, 10))).toBe(
      false,
    );
  });

  it('refuses a body with one character changed (129900 paise read as 129901)', () => {
    const tampered = WEBHOOK_BODY.replace('"amount":129900', '"amount":129901');
    expect(tampered).not.toBe(WEBHOOK_BODY);
    expect(provider.verifyWebhookSignature(Buffer.from(tampered), WEBHOOK_SIGNATURE)).toBe(false);
  });

  it('refuses the same event re-serialised with spaces, which is not the body Razorpay signed', () => {
    const reserialised = JSON.stringify(JSON.parse(WEBHOOK_BODY), null, 1);
    expect(provider.verifyWebhookSignature(Buffer.from(reserialised), WEBHOOK_SIGNATURE)).toBe(false);
  });

  it('refuses a missing signature header', () => {
    expect(provider.verifyWebhookSignature(Buffer.from(WEBHOOK_BODY), undefined)).toBe(false);
  });
});

describe("the store's webhook route with the same vector (Razorpay keys configured)", () => {
  // The route must hand the verifier the bytes Razorpay sent, not JSON parsed and written again.
  const testDatabase = setUpTestDatabase();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(testDatabase.database, {
      env: {
        BACKGROUND_JOBS: 'false',
        RAZORPAY_KEY_ID: 'rzp_test_vectors',
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const send = (body: string, eventId: string) =>
    app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': WEBHOOK_SIGNATURE,
        'x-razorpay-event-id': eventId,
      },
      payload: body,
    });

  it('accepts the literal body and signature, and refuses the body with one character changed', async () => {
    const tampered = await send(WEBHOOK_BODY.replace('"amount":129900', '"amount":129901'), 'evt_vector_2');
    expect(tampered.statusCode).toBe(400);
    const genuine = await send(WEBHOOK_BODY, 'evt_vector_1');
    expect(genuine.statusCode, genuine.body).toBe(200);
    const stored = await testDatabase.database.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(eq(webhookEvents.provider, 'razorpay'));
    expect(stored.map((row) => row.id)).toEqual(['evt_vector_1']);
  });
});
