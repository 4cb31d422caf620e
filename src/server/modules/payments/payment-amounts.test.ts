import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type CreateOrderResponse, PAYMENT_MESSAGES } from '../../../shared/api/payments';
import type { QuoteResponse } from '../../../shared/api/quotes';
import { mailOutbox, orderEvents, orders, payments } from '../../db/schema';
import { statusOfKind } from '../../errors';
import { createTestProduct, placeOrder, seedPincodes, TEST_ADDRESS } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { type PaymentProvider, sandboxId } from '../payment-providers';
import {
  PAYMENT_AMOUNT_MISMATCH_MESSAGE,
  PAYMENT_RECEIVED_NOTE,
  REFUNDED_MISMATCH_NOTE,
} from './payment-notes';
import { createPaymentService } from './payment-service';

// Money is checked to the paisa: a payment counts only for exactly its order's total, in rupees.

const clock = createTestClock('2031-05-01T04:30:00.000Z');
const context = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  customer: true,
  admin: true,
});

/** A ₹119 gift with ₹50 shipping: a ₹169 order of the shopper's, waiting for payment. */
async function pendingOrder(): Promise<CreateOrderResponse> {
  const product = await createTestProduct(context.database, { priceRupees: 119, stock: 5 });
  return placeOrder(context.app, context.customer.headers, [{ product, quantity: 1 }]);
}

/** A captured-payment webhook, signed with the sandbox's real webhook secret. */
function capturedWebhook(created: CreateOrderResponse, entity: { amount: number; currency: string }) {
  const rawBody = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: sandboxId('pay'),
          entity: 'payment',
          status: 'captured',
          order_id: created.order.id,
          method: 'upi',
          ...entity,
        },
      },
    },
  });
  return context.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': context.app.sandboxProvider!.signWebhook(Buffer.from(rawBody)),
      'x-razorpay-event-id': sandboxId('evt'),
    },
    payload: rawBody,
  });
}

const orderOf = async (orderId: string) =>
  (await context.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const paymentsOf = (orderId: string) =>
  context.database.db
    .select({ amountPaise: payments.amountPaise, currency: payments.currency, status: payments.status })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.id));
const notesOf = async (orderId: string) =>
  (
    await context.database.db
      .select({ note: orderEvents.note })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.id))
  ).map((event) => event.note);
const mailKindsOf = async (orderId: string) =>
  (
    await context.database.db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, orderId))
  ).map((mail) => mail.kind);

/** The store's payment service with another provider (one that fails or answers as told). */
const paymentServiceWith = (provider: PaymentProvider) =>
  createPaymentService({
    db: context.database.db,
    clock,
    provider,
    orderService: context.app.orders,
    coupons: context.app.coupons,
    invoices: context.app.invoices,
    store: context.app.store,
    log: context.app.log,
    edits: context.app.orderEdits,
    ownerNotices: context.app.ownerNotices,
  });

describe('a captured payment that is not the order total', () => {
  it('a signed webhook for 1 paisa leaves a ₹169 order unpaid, tells the owner and refunds the paisa', async () => {
    const created = await pendingOrder();
    const response = await capturedWebhook(created, { amount: 1, currency: 'INR' });

    expect(response.statusCode).toBe(200);
    expect((await orderOf(created.orderId)).status).toBe('pending');
    expect(await paymentsOf(created.orderId)).toEqual([
      { amountPaise: 1, currency: 'INR', status: 'refunded' },
    ]);
    expect(await notesOf(created.orderId)).toEqual([
      'Order placed. Waiting for payment.',
      'Payment of ₹0.01 does not match the order total of ₹169; it was not counted and is refunded',
      REFUNDED_MISMATCH_NOTE,
    ]);
    expect(await mailKindsOf(created.orderId)).toEqual(['payment-refunded']);

    // The shopper can still pay the order in full, and that payment is kept.
    expect(created.order.amount).toBe(16_900);
    await capturedWebhook(created, { amount: 16_900, currency: 'INR' });
    expect((await orderOf(created.orderId)).status).toBe('paid');
    expect((await notesOf(created.orderId)).at(-1)).toBe(PAYMENT_RECEIVED_NOTE);
    expect(await context.app.payments.retryUnfinishedWork()).toEqual({ webhooks: 0, refunds: 0 });
    expect((await paymentsOf(created.orderId)).map((payment) => payment.status)).toEqual([
      'refunded',
      'captured',
    ]);
  });

  it('the right number in another currency does not pay the order either', async () => {
    const created = await pendingOrder();
    await capturedWebhook(created, { amount: 16_900, currency: 'USD' });

    expect((await orderOf(created.orderId)).status).toBe('pending');
    expect(await paymentsOf(created.orderId)).toEqual([
      { amountPaise: 16_900, currency: 'USD', status: 'refunded' },
    ]);
  });

  it('a refund that failed at first is made by the sweep, as a mismatch', async () => {
    let refundCalls = 0;
    const provider = context.app.paymentProvider;
    const flaky = {
      ...provider,
      async refund(paymentId: string, amountPaise: number, receipt: string) {
        refundCalls += 1;
        if (refundCalls === 1) throw new Error('Payment provider unavailable');
        return provider.refund(paymentId, amountPaise, receipt);
      },
    };
    const service = paymentServiceWith(flaky);
    const created = await pendingOrder();
    await service.capturePayment({
      orderId: created.orderId,
      providerOrderId: created.order.id,
      paymentId: sandboxId('pay'),
      amountPaise: 5_000,
      currency: 'INR',
      method: 'card',
    });
    expect(await paymentsOf(created.orderId)).toMatchObject([{ status: 'captured' }]);

    expect((await service.retryUnfinishedWork()).refunds).toBe(1);
    expect(await paymentsOf(created.orderId)).toMatchObject([{ status: 'refunded' }]);
    expect((await notesOf(created.orderId)).at(-1)).toBe(REFUNDED_MISMATCH_NOTE);
    expect((await orderOf(created.orderId)).status).toBe('pending');
  });

  it('verify-payment asks the provider what it captured and refuses a short payment', async () => {
    const provider = context.app.paymentProvider;
    // Razorpay answers what a payment captured; here it reports ₹100 for a ₹169 order.
    const shortPaying = { ...provider, fetchPayment: async () => ({ amountPaise: 10_000, currency: 'INR' }) };
    const service = paymentServiceWith(shortPaying);
    const created = await pendingOrder();
    const paymentId = sandboxId('pay');
    const verifying = service.verifyPayment(context.customer.user.id, {
      orderId: created.orderId,
      razorpay_order_id: created.order.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: context.app.sandboxProvider!.signPayment(created.order.id, paymentId),
    });

    await expect(verifying).rejects.toMatchObject({
      kind: 'conflict',
      message: PAYMENT_AMOUNT_MISMATCH_MESSAGE,
    });
    expect((await orderOf(created.orderId)).status).toBe('pending');
    expect(await paymentsOf(created.orderId)).toEqual([
      { amountPaise: 10_000, currency: 'INR', status: 'refunded' },
    ]);
  });

  it('verify-payment answers 503 with a clear message and records nothing when the provider cannot be reached', async () => {
    // As Razorpay's SDK fails when its API cannot be reached (here, a DNS failure).
    const unreachable = {
      ...context.app.paymentProvider,
      fetchPayment: async () => {
        throw new TypeError('fetch failed', { cause: { code: 'ENOTFOUND' } });
      },
    };
    const created = await pendingOrder();
    const paymentId = sandboxId('pay');
    const failure = await paymentServiceWith(unreachable)
      .verifyPayment(context.customer.user.id, {
        orderId: created.orderId,
        razorpay_order_id: created.order.id,
        razorpay_payment_id: paymentId,
        razorpay_signature: context.app.sandboxProvider!.signPayment(created.order.id, paymentId),
      })
      .catch((error: unknown) => error);

    expect(failure).toMatchObject({ kind: 'unavailable', message: PAYMENT_MESSAGES.providerUnreachable });
    expect(statusOfKind.unavailable).toBe(503);
    expect((await orderOf(created.orderId)).status).toBe('pending');
    expect(await paymentsOf(created.orderId)).toEqual([]);
  });
});

describe('amounts above ₹2.14 crore (64-bit money columns)', () => {
  it('a corporate quote of 1,00,000 pieces at ₹549 is priced and stored to the paisa', async () => {
    const product = await createTestProduct(context.database, {
      priceRupees: 549,
      stock: 100_000,
      name: 'Brass Diya Corporate Pack',
    });
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/admin/quotes',
      headers: context.admin.headers,
      payload: {
        customerEmail: context.customer.user.email,
        lines: [{ productId: product.id, quantity: 100_000 }],
        shippingAddress: TEST_ADDRESS,
      },
    });

    expect(response.statusCode, response.body).toBe(201);
    const { quote } = response.json<QuoteResponse>();
    expect((await orderOf(quote.orderId)).subtotalPaise).toBe(5_490_000_000);
    expect(quote.subtotal).toBe(54_900_000);
  });
});
