import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../shared/api/orders';
import { type CreateOrderResponse, PAYMENT_MESSAGES } from '../../../shared/api/payments';
import { deliveryPromise } from '../../../shared/delivery-promise';
import { mailOutbox, orders, payments, products, webhookEvents } from '../../db/schema';
import { createTestProduct, placeOrder, seedPincodes, type TestProduct } from '../../testing/order-fixtures';
import { createTestApp, createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { ORDER_EXPIRED_NOTE } from '../orders';
import { hmacSha256Hex, sandboxId } from '../payment-providers';
import {
  DUPLICATE_PAYMENT_NOTE,
  INVALID_WEBHOOK_SIGNATURE,
  LATE_PAYMENT_NOTE,
  LATE_PAYMENT_REFUNDED_MESSAGE,
  LATE_PAYMENT_RESERVED_NOTE,
  PAYMENT_RECEIVED_NOTE,
  REFUNDED_DUPLICATE_NOTE,
  REFUNDED_MISMATCH_NOTE,
  REFUNDED_OUT_OF_STOCK_NOTE,
} from './payment-notes';
import { createPaymentService } from './payment-service';
import { WEBHOOK_MAX_ATTEMPTS } from './webhook-inbox';

const clock = createTestClock('2031-05-01T04:30:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  customer: { fullName: 'Meera Iyer' },
});

const advance = (minutes: number) => clock.set(new Date(clock.now().getTime() + minutes * 60 * 1000));

async function newOrder(fields: Parameters<typeof createTestProduct>[1] = {}, quantity = 1) {
  const product = await createTestProduct(store.database, fields);
  const created = await placeOrder(store.app, store.customer.headers, [{ product, quantity }]);
  return { product, created };
}

/** What the provider's window hands back after a successful payment. */
function checkoutResponse(created: CreateOrderResponse, paymentId = sandboxId('pay')) {
  return {
    razorpay_order_id: created.order.id,
    razorpay_payment_id: paymentId,
    razorpay_signature: store.app.sandboxProvider!.signPayment(created.order.id, paymentId),
  };
}

const verify = (body: Record<string, string>, headers = store.customer.headers) =>
  store.app.inject({ method: 'POST', url: '/api/payments/verify-payment', headers, payload: body });

function webhookBody(
  event: string,
  created: CreateOrderResponse,
  paymentId: string,
  extra: Record<string, unknown> = {},
) {
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount: created.order.amount,
          currency: 'INR',
          status: event === 'payment.failed' ? 'failed' : 'captured',
          order_id: created.order.id,
          method: 'upi',
          ...extra,
        },
      },
    },
    created_at: 1_900_000_000,
  });
}

const deliverWebhook = (
  rawBody: string,
  eventId: string,
  signature = store.app.sandboxProvider!.signWebhook(Buffer.from(rawBody)),
) =>
  store.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      'x-razorpay-event-id': eventId,
    },
    payload: rawBody,
  });

const paymentsOf = (orderId: string) =>
  store.database.db.select().from(payments).where(eq(payments.orderId, orderId));
const mailOf = (orderId: string) =>
  store.database.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));
const statusOf = async (orderId: string) =>
  (await store.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]
    ?.status;
const stockOf = async (product: TestProduct) =>
  (
    await store.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id))
  )[0]?.stock;
const timelineOf = async (orderId: string) => {
  const response = await store.app.inject({ url: `/api/orders/${orderId}`, headers: store.customer.headers });
  return response.json<OrderRecord>().events.map((event) => [event.status, event.note]);
};

describe('POST /api/payments/verify-payment', () => {
  it('marks the order paid on a genuine signature, records the payment and queues the confirmation', async () => {
    const { created } = await newOrder({ name: 'Kundan Rakhi Set', priceRupees: 1250 });
    const response = await verify({ ...checkoutResponse(created), orderId: created.orderId });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: PAYMENT_MESSAGES.paymentVerified,
      orderId: created.orderId,
      orderNumber: created.orderNumber,
      status: 'paid',
    });
    expect(await paymentsOf(created.orderId)).toMatchObject([{ status: 'captured', amountPaise: 125_000 }]);
    expect(await timelineOf(created.orderId)).toEqual([
      ['pending', expect.any(String)],
      ['paid', PAYMENT_RECEIVED_NOTE],
    ]);
    const [mail] = await mailOf(created.orderId);
    expect(mail).toMatchObject({
      kind: 'order-confirmation',
      recipient: store.customer.user.email,
      status: 'queued',
    });
    expect(mail!.subject).toBe(`Order ${created.orderNumber} confirmed: ₹1,250`);
    expect(mail!.text).toContain('1 x Kundan Rakhi Set: ₹1,250');
    expect(mail!.text).toContain('Shipping: Free');
    expect(mail!.text).toContain('12 MG Road, Ashok Nagar');
    // Decision 0068: the mail's promise is the one the order's page and My Orders show for it.
    const record = (
      await store.app.inject({ url: `/api/orders/${created.orderId}`, headers: store.customer.headers })
    ).json<OrderRecord>();
    const promise = deliveryPromise({ ...record, hasPreOrder: record.items.some((item) => item.isPreOrder) });
    expect(promise).toMatch(/^Expected delivery by \d{1,2} [A-Z][a-z]{2} \d{4} to Bengaluru \(Express\)$/);
    expect(mail!.text).toContain(promise);
    const mine = (
      await store.app.inject({ url: '/api/orders/my-orders', headers: store.customer.headers })
    ).json<{ data: OrderRecord[] }>();
    expect(mine.data.find((order) => order.id === created.orderId)).toMatchObject({
      deliveryEstimate: record.deliveryEstimate,
      delivery: record.delivery,
      createdAt: record.createdAt,
    });
  });

  it('is harmless when repeated: one payment, one event, one e-mail', async () => {
    const { created } = await newOrder();
    const body = { ...checkoutResponse(created), orderId: created.orderId };
    const first = await verify(body);
    const second = await verify(body);

    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await paymentsOf(created.orderId)).toHaveLength(1);
    expect(await mailOf(created.orderId)).toHaveLength(1);
    expect((await timelineOf(created.orderId)).filter(([status]) => status === 'paid')).toHaveLength(1);
  });

  it('refuses a forged signature', async () => {
    const { created } = await newOrder();
    const forged = { ...checkoutResponse(created), razorpay_signature: hmacSha256Hex('guessed-secret', 'x') };
    const response = await verify({ ...forged, orderId: created.orderId });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Payment verification failed');
    expect(await statusOf(created.orderId)).toBe('pending');
    expect(await paymentsOf(created.orderId)).toHaveLength(0);
  });

  it('refuses a genuine signature replayed for another order', async () => {
    const { created: paidFor } = await newOrder();
    const { created: target } = await newOrder();
    const genuine = checkoutResponse(paidFor);

    const replayed = await verify({ ...genuine, orderId: target.orderId });
    const relabelled = await verify({
      ...genuine,
      razorpay_order_id: target.order.id,
      orderId: target.orderId,
    });

    expect(replayed.statusCode).toBe(400);
    expect(relabelled.statusCode).toBe(400);
    expect(await statusOf(target.orderId)).toBe('pending');
    expect(await paymentsOf(target.orderId)).toHaveLength(0);
  });

  it('answers 404 for another shopper’s order', async () => {
    const { created } = await newOrder();
    const stranger = await store.newCustomer();
    const response = await verify(
      { ...checkoutResponse(created), orderId: created.orderId },
      stranger.headers,
    );
    expect(response.statusCode).toBe(404);
    expect(await statusOf(created.orderId)).toBe('pending');
  });
});

describe('POST /api/payments/payment-failed', () => {
  it('records the provider’s reason and keeps the order open for another try', async () => {
    const { created } = await newOrder();
    const paymentId = sandboxId('pay');
    const response = await store.app.inject({
      method: 'POST',
      url: '/api/payments/payment-failed',
      headers: store.customer.headers,
      payload: {
        orderId: created.orderId,
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Card declined by bank',
          reason: 'payment_failed',
          metadata: { order_id: created.order.id, payment_id: paymentId },
        },
      },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, status: 'pending' });
    expect(await paymentsOf(created.orderId)).toMatchObject([
      {
        status: 'failed',
        providerPaymentId: paymentId,
        errorCode: 'BAD_REQUEST_ERROR',
        errorDescription: 'Card declined by bank',
      },
    ]);
    expect(await statusOf(created.orderId)).toBe('pending');

    const retried = await verify({ ...checkoutResponse(created), orderId: created.orderId });
    expect(retried.json()).toMatchObject({ status: 'paid' });
  });

  it('records a bare message and answers 404 for another shopper’s order', async () => {
    const { created } = await newOrder();
    const mine = await store.app.inject({
      method: 'POST',
      url: '/api/payments/payment-failed',
      headers: store.customer.headers,
      payload: { orderId: created.orderId, error: '' },
    });
    expect(mine.statusCode).toBe(200);
    expect(await paymentsOf(created.orderId)).toMatchObject([
      { status: 'failed', errorDescription: 'Unknown error' },
    ]);

    const stranger = await store.newCustomer();
    const theirs = await store.app.inject({
      method: 'POST',
      url: '/api/payments/payment-failed',
      headers: stranger.headers,
      payload: { orderId: created.orderId, error: 'Card declined by bank' },
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('refuses a failure for a paid, delivered or cancelled order with 409 and records nothing', async () => {
    const paid = (await newOrder()).created;
    expect((await verify({ ...checkoutResponse(paid), orderId: paid.orderId })).statusCode).toBe(200);
    const delivered = (await newOrder()).created;
    expect((await verify({ ...checkoutResponse(delivered), orderId: delivered.orderId })).statusCode).toBe(
      200,
    );
    // The back office's status changes, paid to delivered (DESIGN 4).
    for (const status of ['confirmed', 'processing', 'packed', 'shipped', 'out_for_delivery', 'delivered']) {
      await store.app.admin.orders.changeStatus(
        delivered.orderId,
        status,
        { text: '', toCustomer: false },
        'owner',
      );
    }
    const cancelled = (await newOrder()).created;
    advance(31);
    await store.app.orders.expireOverdueOrders();

    for (const [created, status] of [
      [paid, 'paid'],
      [delivered, 'delivered'],
      [cancelled, 'cancelled'],
    ] as const) {
      const before = await paymentsOf(created.orderId);
      const response = await store.app.inject({
        method: 'POST',
        url: '/api/payments/payment-failed',
        headers: store.customer.headers,
        payload: {
          orderId: created.orderId,
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Card declined by bank',
            metadata: { order_id: created.order.id, payment_id: sandboxId('pay') },
          },
        },
      });
      expect([response.statusCode, response.json().message]).toEqual([
        409,
        PAYMENT_MESSAGES.failureForSettledOrder,
      ]);
      expect(await statusOf(created.orderId)).toBe(status);
      expect(await paymentsOf(created.orderId)).toEqual(before);
    }
  });
});

describe('POST /api/payments/webhook', () => {
  it('refuses a bad or missing signature and stores nothing', async () => {
    const { created } = await newOrder();
    const body = webhookBody('payment.captured', created, sandboxId('pay'));
    const eventId = sandboxId('evt');

    const bad = await deliverWebhook(body, eventId, hmacSha256Hex('not-the-secret', body));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(INVALID_WEBHOOK_SIGNATURE);
    const missing = await store.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(missing.statusCode).toBe(400);
    // The signature covers the exact bytes: the same JSON re-serialised with spaces does not pass.
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    const tampered = await deliverWebhook(
      reformatted,
      eventId,
      store.app.sandboxProvider!.signWebhook(Buffer.from(body)),
    );
    expect(tampered.statusCode).toBe(400);

    expect(await statusOf(created.orderId)).toBe('pending');
    expect(await store.database.db.$count(webhookEvents, eq(webhookEvents.id, eventId))).toBe(0);
  });

  it('handles an event delivered three times once', async () => {
    const { created } = await newOrder();
    const body = webhookBody('payment.captured', created, sandboxId('pay'));
    const eventId = sandboxId('evt');

    const answers = [];
    for (let attempt = 0; attempt < 3; attempt++) answers.push(await deliverWebhook(body, eventId));

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.json().duplicate)).toEqual([false, true, true]);
    expect(await statusOf(created.orderId)).toBe('paid');
    expect(await paymentsOf(created.orderId)).toHaveLength(1);
    expect(await mailOf(created.orderId)).toHaveLength(1);
    const [stored] = await store.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, eventId));
    expect(stored).toMatchObject({ event: 'payment.captured', provider: 'sandbox', lastError: null });
    expect(stored!.processedAt).toBeInstanceOf(Date);
  });

  it('records one payment whether the webhook comes before or after the checkout’s verification', async () => {
    const { created: webhookFirst } = await newOrder();
    const firstPayment = checkoutResponse(webhookFirst);
    await deliverWebhook(
      webhookBody('payment.captured', webhookFirst, firstPayment.razorpay_payment_id),
      sandboxId('evt'),
    );
    const verified = await verify({ ...firstPayment, orderId: webhookFirst.orderId });
    expect(verified.json()).toMatchObject({ success: true, status: 'paid' });
    expect(await paymentsOf(webhookFirst.orderId)).toHaveLength(1);

    const { created: verifyFirst } = await newOrder();
    const secondPayment = checkoutResponse(verifyFirst);
    await verify({ ...secondPayment, orderId: verifyFirst.orderId });
    const late = await deliverWebhook(
      webhookBody('payment.captured', verifyFirst, secondPayment.razorpay_payment_id),
      sandboxId('evt'),
    );
    expect(late.statusCode).toBe(200);
    expect(await paymentsOf(verifyFirst.orderId)).toHaveLength(1);
    expect(await mailOf(verifyFirst.orderId)).toHaveLength(1);
  });

  it('records one payment when the verification and two deliveries of the webhook arrive at once', async () => {
    const { created } = await newOrder();
    const paid = checkoutResponse(created);
    const body = webhookBody('payment.captured', created, paid.razorpay_payment_id);
    const eventId = sandboxId('evt');

    const answers = await Promise.all([
      deliverWebhook(body, eventId),
      verify({ ...paid, orderId: created.orderId }),
      deliverWebhook(body, eventId),
      deliverWebhook(webhookBody('order.paid', created, paid.razorpay_payment_id), sandboxId('evt')),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await paymentsOf(created.orderId)).toMatchObject([{ status: 'captured' }]);
    expect(await mailOf(created.orderId)).toHaveLength(1);
    expect((await timelineOf(created.orderId)).filter(([status]) => status === 'paid')).toHaveLength(1);
  });

  it('records a payment.failed event with its reason, once', async () => {
    const { created } = await newOrder();
    const paymentId = sandboxId('pay');
    const body = webhookBody('payment.failed', created, paymentId, {
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'Your bank declined this payment',
      error_reason: 'payment_failed',
    });
    await deliverWebhook(body, sandboxId('evt'));
    // The checkout reports the same failure too: still one row.
    await store.app.inject({
      method: 'POST',
      url: '/api/payments/payment-failed',
      headers: store.customer.headers,
      payload: {
        orderId: created.orderId,
        error: { description: 'Your bank declined this payment', metadata: { payment_id: paymentId } },
      },
    });

    expect(await paymentsOf(created.orderId)).toMatchObject([
      { status: 'failed', providerPaymentId: paymentId, errorDescription: 'Your bank declined this payment' },
    ]);
    expect(await statusOf(created.orderId)).toBe('pending');
  });

  it('changes nothing when a failure arrives after the payment succeeded', async () => {
    const { created } = await newOrder();
    const paid = checkoutResponse(created);
    await verify({ ...paid, orderId: created.orderId });
    await deliverWebhook(webhookBody('payment.failed', created, sandboxId('pay')), sandboxId('evt'));
    expect(await statusOf(created.orderId)).toBe('paid');
    expect((await paymentsOf(created.orderId)).map((payment) => payment.status).sort()).toEqual([
      'captured',
      'failed',
    ]);
  });

  it('acknowledges events it does not act on', async () => {
    const { created } = await newOrder();
    const response = await deliverWebhook(
      webhookBody('payment.authorized', created, sandboxId('pay')),
      sandboxId('evt'),
    );
    expect(response.statusCode).toBe(200);
    expect(await statusOf(created.orderId)).toBe('pending');
  });

  it('finishes later an event whose handling was interrupted', async () => {
    const { created } = await newOrder();
    const paymentId = sandboxId('pay');
    // Stored but never handled, as if the instance stopped right after the insert.
    await store.database.db.insert(webhookEvents).values({
      id: 'evt_interrupted01',
      provider: 'sandbox',
      event: 'payment.captured',
      payload: JSON.parse(webhookBody('payment.captured', created, paymentId)),
      receivedAt: clock.now(),
    });
    advance(2);
    const retried = await store.app.payments.retryUnfinishedWork();

    expect(retried.webhooks).toBeGreaterThanOrEqual(1);
    expect(await statusOf(created.orderId)).toBe('paid');
    const [stored] = await store.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, 'evt_interrupted01'));
    expect(stored!.processedAt).toBeInstanceOf(Date);
  });

  it('retries an event that keeps failing after growing pauses, then leaves it to the owner', async () => {
    const { created } = await newOrder();
    // A payment id too long for the payments index (PostgreSQL's btree rows hold at most about
    // 2.7 kB, and random text does not compress): storing it fails every time.
    const unstorableId = `pay_${randomBytes(12_000).toString('base64url')}`;
    await store.database.db.insert(webhookEvents).values({
      id: 'evt_keeps_failing',
      provider: 'sandbox',
      event: 'payment.captured',
      payload: JSON.parse(webhookBody('payment.captured', created, unstorableId)),
      receivedAt: clock.now(),
    });
    const stored = async () =>
      (
        await store.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_keeps_failing'))
      )[0]!;

    advance(2);
    await store.app.payments.retryUnfinishedWork();
    expect(await stored()).toMatchObject({ attempts: 1, processedAt: null });
    expect((await stored()).lastError).toBeTruthy();
    // The next try waits a minute, then two, then four...
    await store.app.payments.retryUnfinishedWork();
    expect((await stored()).attempts).toBe(1);
    advance(1);
    await store.app.payments.retryUnfinishedWork();
    expect((await stored()).attempts).toBe(2);
    advance(1);
    await store.app.payments.retryUnfinishedWork();
    expect((await stored()).attempts).toBe(2);
    advance(1);
    await store.app.payments.retryUnfinishedWork();
    expect((await stored()).attempts).toBe(3);

    // After the last try the sweep stops; the order is untouched.
    for (let attempt = 4; attempt <= WEBHOOK_MAX_ATTEMPTS + 2; attempt += 1) {
      advance(61);
      await store.app.payments.retryUnfinishedWork();
    }
    expect((await stored()).attempts).toBe(WEBHOOK_MAX_ATTEMPTS);
    expect(await statusOf(created.orderId)).toBe('pending');
  });

  it('refunds a second payment for an order that is already paid', async () => {
    const { created } = await newOrder();
    await verify({ ...checkoutResponse(created), orderId: created.orderId });
    const secondPaymentId = sandboxId('pay');
    await deliverWebhook(webhookBody('payment.captured', created, secondPaymentId), sandboxId('evt'));

    expect(await statusOf(created.orderId)).toBe('paid');
    const rows = await paymentsOf(created.orderId);
    expect(rows.find((row) => row.providerPaymentId === secondPaymentId)?.status).toBe('refunded');
    expect(rows.filter((row) => row.status === 'captured')).toHaveLength(1);
    const timeline = await timelineOf(created.orderId);
    expect(timeline).toContainEqual(['paid', DUPLICATE_PAYMENT_NOTE]);
    expect(timeline).toContainEqual(['paid', REFUNDED_DUPLICATE_NOTE]);
  });
});

describe('a payment after its order expired', () => {
  it('reserves the stock again when it is there and marks the order paid', async () => {
    const { product, created } = await newOrder({ stock: 5 }, 2);
    advance(31);
    await store.app.orders.expireOverdueOrders();
    expect(await statusOf(created.orderId)).toBe('cancelled');
    expect(await stockOf(product)).toBe(5);

    const paymentId = sandboxId('pay');
    await deliverWebhook(webhookBody('payment.captured', created, paymentId), sandboxId('evt'));

    expect(await statusOf(created.orderId)).toBe('paid');
    expect(await stockOf(product)).toBe(3);
    expect(await timelineOf(created.orderId)).toEqual([
      ['pending', expect.any(String)],
      ['cancelled', ORDER_EXPIRED_NOTE],
      ['paid', LATE_PAYMENT_RESERVED_NOTE],
    ]);
    expect(await mailOf(created.orderId)).toMatchObject([{ kind: 'order-confirmation' }]);
    // The shopper's own verification, arriving after the webhook, agrees.
    const verified = await verify({ ...checkoutResponse(created, paymentId), orderId: created.orderId });
    expect(verified.json()).toMatchObject({ status: 'paid' });
  });

  it('refunds it when the items sold out meanwhile, and tells the shopper', async () => {
    const { product, created } = await newOrder({ stock: 2 }, 2);
    advance(31);
    await store.app.orders.expireOverdueOrders();
    // Someone else buys the released units.
    const other = await store.newCustomer();
    await placeOrder(store.app, other.headers, [{ product, quantity: 2 }]);
    expect(await stockOf(product)).toBe(0);

    const late = checkoutResponse(created);
    const response = await verify({ ...late, orderId: created.orderId });

    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(LATE_PAYMENT_REFUNDED_MESSAGE);
    expect(await statusOf(created.orderId)).toBe('cancelled');
    expect(await stockOf(product)).toBe(0);
    expect(await paymentsOf(created.orderId)).toMatchObject([
      { status: 'refunded', providerPaymentId: late.razorpay_payment_id },
    ]);
    expect(await timelineOf(created.orderId)).toEqual([
      ['pending', expect.any(String)],
      ['cancelled', ORDER_EXPIRED_NOTE],
      ['cancelled', LATE_PAYMENT_NOTE],
      ['cancelled', REFUNDED_OUT_OF_STOCK_NOTE],
    ]);
    const [mail] = await mailOf(created.orderId);
    expect(mail).toMatchObject({ kind: 'payment-refunded', recipient: store.customer.user.email });
    expect(mail!.text).toContain('no longer in stock');

    // The provider's webhook for the same payment, arriving later, changes nothing.
    await deliverWebhook(
      webhookBody('payment.captured', created, late.razorpay_payment_id),
      sandboxId('evt'),
    );
    expect(await paymentsOf(created.orderId)).toHaveLength(1);
    expect(await mailOf(created.orderId)).toHaveLength(1);
  });
});

describe('a refund the provider did not take at first', () => {
  /** The store's payments through a provider whose refund call fails while `refuses()` says so. */
  function paymentsRefusedWhile(refuses: () => boolean) {
    const provider = store.app.paymentProvider;
    return createPaymentService({
      db: store.database.db,
      clock,
      // The provider is the one outside system here.
      provider: {
        ...provider,
        async refund(paymentId: string, amountPaise: number, receipt: string) {
          if (refuses()) throw new Error('Payment provider unavailable');
          return provider.refund(paymentId, amountPaise, receipt);
        },
      },
      orderService: store.app.orders,
      coupons: store.app.coupons,
      invoices: store.app.invoices,
      store: store.app.store,
      log: store.app.log,
      edits: store.app.orderEdits,
      ownerNotices: store.app.ownerNotices,
    });
  }

  it('is retried by the sweep and made once', async () => {
    let refundCalls = 0;
    // Its refund call fails the first time.
    const service = paymentsRefusedWhile(() => ++refundCalls === 1);
    const { product, created } = await newOrder({ stock: 1 });
    advance(31);
    await store.app.orders.expireOverdueOrders();
    await placeOrder(store.app, (await store.newCustomer()).headers, [{ product, quantity: 1 }]);

    const paymentId = sandboxId('pay');
    await service.capturePayment({
      orderId: created.orderId,
      providerOrderId: created.order.id,
      paymentId,
      amountPaise: created.order.amount,
      currency: 'INR',
      method: 'card',
    });
    expect(await paymentsOf(created.orderId)).toMatchObject([{ status: 'captured' }]);

    expect((await service.retryUnfinishedWork()).refunds).toBe(1);
    expect((await service.retryUnfinishedWork()).refunds).toBe(0);
    expect(refundCalls).toBe(2);
    expect(await paymentsOf(created.orderId)).toMatchObject([{ status: 'refunded' }]);
    expect(await statusOf(created.orderId)).toBe('cancelled');
    expect(
      (await timelineOf(created.orderId)).filter(([, note]) => note === REFUNDED_OUT_OF_STOCK_NOTE),
    ).toHaveLength(1);
    expect(await mailOf(created.orderId)).toMatchObject([{ kind: 'payment-refunded' }]);
  });

  it('is guessed from its order when its payment was captured before capture marked it due', async () => {
    let providerTakesRefunds = false;
    const service = paymentsRefusedWhile(() => !providerTakesRefunds);
    const capture = (created: CreateOrderResponse, amountPaise = created.order.amount) =>
      service.capturePayment({
        orderId: created.orderId,
        providerOrderId: created.order.id,
        paymentId: sandboxId('pay'),
        amountPaise,
        currency: 'INR',
        method: 'card',
      });
    // An order that expired and sold out meanwhile, one paid ₹1 short, and one paid twice.
    const { product, created: late } = await newOrder({ stock: 1 });
    advance(31);
    await store.app.orders.expireOverdueOrders();
    await placeOrder(store.app, (await store.newCustomer()).headers, [{ product, quantity: 1 }]);
    const { created: short } = await newOrder({ priceRupees: 450 });
    const { created: twice } = await newOrder({ priceRupees: 450 });
    await capture(late);
    await capture(short, short.order.amount - 100);
    await capture(twice);
    await capture(twice);
    // Rows from before capture marked a refund due: the sweep has only their orders to go by.
    await store.database.db
      .update(payments)
      .set({ refundDueReason: null })
      .where(inArray(payments.orderId, [late.orderId, short.orderId, twice.orderId]));
    providerTakesRefunds = true;

    expect((await service.retryUnfinishedWork()).refunds).toBe(3);
    expect((await service.retryUnfinishedWork()).refunds).toBe(0);
    expect(await paymentsOf(late.orderId)).toMatchObject([{ status: 'refunded' }]);
    expect(await timelineOf(late.orderId)).toContainEqual(['cancelled', REFUNDED_OUT_OF_STOCK_NOTE]);
    expect(await paymentsOf(short.orderId)).toMatchObject([
      { status: 'refunded', amountPaise: short.order.amount - 100, refundedPaise: short.order.amount - 100 },
    ]);
    expect(await statusOf(short.orderId)).toBe('pending');
    expect((await timelineOf(short.orderId)).at(-1)).toEqual(['pending', REFUNDED_MISMATCH_NOTE]);
    const [first, second] = (await paymentsOf(twice.orderId)).sort((a, b) => a.id - b.id);
    expect([first?.status, second?.status]).toEqual(['captured', 'refunded']);
    expect(await statusOf(twice.orderId)).toBe('paid');
    expect(await timelineOf(twice.orderId)).toContainEqual(['paid', REFUNDED_DUPLICATE_NOTE]);
  });
});

describe('GET /api/payments/config', () => {
  it('names the sandbox and its script by default', async () => {
    const response = await store.app.inject('/api/payments/config');
    expect(response.json()).toEqual({
      provider: 'sandbox',
      keyId: 'rzp_test_sandbox',
      checkoutScript: '/sandbox/checkout.js',
    });
  });
});

describe('with Razorpay keys configured', () => {
  let razorpayApp: FastifyInstance;
  const webhookSecret = 'whsec_test_0123456789abcdef';

  beforeAll(async () => {
    razorpayApp = await createTestApp(store.database, {
      clock,
      env: {
        BACKGROUND_JOBS: 'false',
        RAZORPAY_KEY_ID: 'rzp_test_1234567890',
        RAZORPAY_KEY_SECRET: 'razorpay-key-secret',
        RAZORPAY_WEBHOOK_SECRET: webhookSecret,
      },
    });
  });

  afterAll(async () => {
    await razorpayApp.close();
  });

  it('serves Razorpay’s script address and allows exactly its hosts in the CSP', async () => {
    const config = await razorpayApp.inject('/api/payments/config');
    expect(config.json()).toEqual({
      provider: 'razorpay',
      keyId: 'rzp_test_1234567890',
      checkoutScript: 'https://checkout.razorpay.com/v1/checkout.js',
    });
    const csp = String(config.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://checkout.razorpay.com");
    expect(csp).toContain("frame-src 'self' https://api.razorpay.com");
    expect(
      String((await store.app.inject('/api/payments/config')).headers['content-security-policy']),
    ).not.toContain('razorpay.com');
    // The sandbox is not served when Razorpay is the provider.
    expect((await razorpayApp.inject('/sandbox/api/orders/order_x')).statusCode).toBe(404);
  });

  it('checks webhooks with RAZORPAY_WEBHOOK_SECRET', async () => {
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_unknown', order_id: 'order_unknown', amount: 100 } } },
    });
    const send = (signature: string) =>
      razorpayApp.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signature,
          'x-razorpay-event-id': 'evt_rzp_1',
        },
        payload: body,
      });
    expect((await send(store.app.sandboxProvider!.signWebhook(Buffer.from(body)))).statusCode).toBe(400);
    expect((await send(hmacSha256Hex(webhookSecret, body))).statusCode).toBe(200);
    const [stored] = await store.database.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.id, 'evt_rzp_1'), eq(webhookEvents.provider, 'razorpay')));
    expect(stored).toBeDefined();
  });
});
