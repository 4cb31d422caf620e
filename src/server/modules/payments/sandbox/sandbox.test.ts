import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreateOrderResponse } from '../../../../shared/api/payments';
import { loadConfig } from '../../../config';
import { orders, payments, webhookEvents } from '../../../db/schema';
import { createTestProduct, placeOrder, seedPincodes } from '../../../testing/order-fixtures';
import { setUpTestStore } from '../../../testing/test-store';
import { loadSandboxSecrets } from '../../payment-providers';

const store = setUpTestStore({ env: { BACKGROUND_JOBS: 'false' }, seed: seedPincodes, customer: true });

async function newOrder(priceRupees = 900): Promise<CreateOrderResponse> {
  const product = await createTestProduct(store.database, { priceRupees });
  return placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
}

const pay = (providerOrderId: string, body: Record<string, unknown>) =>
  store.app.inject({ method: 'POST', url: `/sandbox/api/orders/${providerOrderId}/pay`, payload: body });

const statusOf = async (orderId: string) =>
  (await store.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]
    ?.status;

describe('the sandbox checkout script and window', () => {
  it('serves checkout.js with a Razorpay constructor', async () => {
    const response = await store.app.inject('/sandbox/checkout.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.body).toContain('window.Razorpay = Razorpay');
    expect(response.body).toContain("'payment.failed'");
  });

  it('serves the window so that only the store’s own pages can frame it, without inline scripts', async () => {
    const response = await store.app.inject('/sandbox/pay?order_id=order_x&key_id=rzp_test_sandbox');
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.body).toContain('<script src="/sandbox/pay.js" defer></script>');
    expect(response.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(response.body).not.toMatch(/\sstyle=|\son[a-z]+=/);
    // Everywhere else the store cannot be framed.
    expect(
      String((await store.app.inject('/api/payments/config')).headers['content-security-policy']),
    ).toContain("frame-ancestors 'none'");
    expect((await store.app.inject('/sandbox/pay.js')).statusCode).toBe(200);
    expect((await store.app.inject('/sandbox/pay.css')).headers['content-type']).toBe(
      'text/css; charset=utf-8',
    );
  });

  it('shows the amount and the store name of a provider order', async () => {
    const created = await newOrder(900);
    const response = await store.app.inject(
      `/sandbox/api/orders/${created.order.id}?key_id=rzp_test_sandbox`,
    );
    expect(response.json()).toEqual({
      id: created.order.id,
      amount: 95_000,
      amountDisplay: '₹950',
      currency: 'INR',
      receipt: created.orderNumber,
      storeName: 'Utsav Gifts',
      status: 'created',
    });
    expect((await store.app.inject('/sandbox/api/orders/order_doesnotexist')).statusCode).toBe(404);
    expect(
      (await store.app.inject(`/sandbox/api/orders/${created.order.id}?key_id=rzp_live_other`)).statusCode,
    ).toBe(404);
  });
});

describe('paying in the sandbox window', () => {
  it('signs the payment, sends the signed webhook, and the checkout’s verification agrees', async () => {
    const created = await newOrder();
    const response = await pay(created.order.id, { method: 'card', outcome: 'success' });

    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.razorpay_order_id).toBe(created.order.id);
    expect(result.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    // The webhook went through the real handler: the order is paid before the shopper's page verifies.
    expect(await statusOf(created.orderId)).toBe('paid');
    const events = await store.database.db.select().from(webhookEvents);
    expect(
      events.some(
        (event) =>
          event.event === 'payment.captured' &&
          JSON.stringify(event.payload).includes(result.razorpay_payment_id) &&
          event.processedAt !== null,
      ),
    ).toBe(true);

    const verified = await store.app.inject({
      method: 'POST',
      url: '/api/payments/verify-payment',
      headers: store.customer.headers,
      payload: { ...result, orderId: created.orderId },
    });
    expect(verified.json()).toMatchObject({ success: true, status: 'paid' });
    const rows = await store.database.db.select().from(payments).where(eq(payments.orderId, created.orderId));
    expect(rows).toMatchObject([{ status: 'captured', method: 'card', amountPaise: 95_000 }]);

    const again = await pay(created.order.id, { method: 'upi', outcome: 'success' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order has already been paid');
  });

  it('simulates a failure with its description and records it', async () => {
    const created = await newOrder();
    const response = await pay(created.order.id, {
      method: 'card',
      outcome: 'failure',
      description: 'Card declined by bank',
    });

    expect(response.statusCode).toBe(200);
    const { error } = response.json();
    expect(error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      description: 'Card declined by bank',
      reason: 'payment_failed',
      metadata: { order_id: created.order.id },
    });
    expect(await statusOf(created.orderId)).toBe('pending');
    const rows = await store.database.db.select().from(payments).where(eq(payments.orderId, created.orderId));
    expect(rows).toMatchObject([
      {
        status: 'failed',
        errorDescription: 'Card declined by bank',
        providerPaymentId: error.metadata.payment_id,
      },
    ]);
  });

  it('refuses card data: the window posts only the outcome', async () => {
    const created = await newOrder();
    const response = await pay(created.order.id, {
      method: 'card',
      outcome: 'success',
      cardNumber: '4111111111111111',
      cvv: '123',
    });
    expect(response.statusCode).toBe(400);
    expect(await statusOf(created.orderId)).toBe('pending');
  });
});

describe('the sandbox secrets', () => {
  it('are generated once into DATA_DIR/secrets.json and read back by the next start', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-secrets-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      const first = loadSandboxSecrets(config);
      const second = loadSandboxSecrets(config);
      expect(second).toEqual(first);
      expect(first.keySecret).not.toBe(first.webhookSecret);
      const stored = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
      expect(stored).toEqual({
        sandboxKeySecret: first.keySecret,
        sandboxWebhookSecret: first.webhookSecret,
      });
      expect(fs.statSync(path.join(dataDir, 'secrets.json')).mode & 0o077).toBe(0);

      const fromEnv = loadSandboxSecrets(
        loadConfig({
          DATA_DIR: dataDir,
          SANDBOX_KEY_SECRET: 'key-secret-from-environment',
          SANDBOX_WEBHOOK_SECRET: 'webhook-secret-from-environment',
        }),
      );
      expect(fromEnv).toEqual({
        keySecret: 'key-secret-from-environment',
        webhookSecret: 'webhook-secret-from-environment',
      });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
