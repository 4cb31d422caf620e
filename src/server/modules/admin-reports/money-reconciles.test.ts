import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminDashboard, AdminOrderDetail } from '../../../shared/api/admin';
import type { ReturnRecord } from '../../../shared/api/returns';
import { PAID_CANCEL_MESSAGES } from '../../../shared/order-status';
import { migrationsFolder, rowsOf } from '../../db/client';
import { mailOutbox, products } from '../../db/schema';
import { approveAndReceive, moveOrderAlong, STEPS_TO_DELIVERED } from '../../testing/admin-fixtures';
import {
  createTestProduct,
  type Line,
  payOrder,
  placeOrder,
  seedPincodes,
  type TestProduct,
} from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Money reconciles, always: a cancelled paid order is refunded once, and the dashboard
// sums the money ledger, so a partial refund lowers revenue by exactly its amount.

const clock = createTestClock('2031-11-20T06:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  admin: true,
  customer: { fullName: 'Meera Iyer' },
});

/** Counts the calls that reach the payment provider (the system outside the store). */
function watchProviderRefunds({ failFirst = false } = {}) {
  const provider = store.app.paymentProvider;
  const original = provider.refund;
  const calls: { paymentId: string; amountPaise: number }[] = [];
  provider.refund = async (paymentId, amountPaise, receipt) => {
    calls.push({ paymentId, amountPaise });
    if (failFirst && calls.length === 1) throw new Error('Payment provider unavailable');
    return original(paymentId, amountPaise, receipt);
  };
  restoreProvider = () => {
    provider.refund = original;
  };
  return calls;
}
let restoreProvider = () => {};
afterEach(() => restoreProvider());

async function paidOrder(lines: readonly Line[]) {
  const created = await placeOrder(store.app, store.customer.headers, lines);
  return { created, providerPaymentId: await payOrder(store.app, store.customer.headers, created) };
}

const cancel = (orderId: string, note = '') =>
  store.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/status`,
    headers: store.admin.headers,
    payload: { status: 'cancelled', note },
  });
const detailOf = async (orderId: string) =>
  (
    await store.app.inject({ url: `/api/admin/orders/${orderId}`, headers: store.admin.headers })
  ).json<AdminOrderDetail>();
const stockOf = async (product: TestProduct) =>
  (
    await store.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id))
  )[0]?.stock;
const mailOf = (orderId: string) =>
  store.database.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId)).orderBy(mailOutbox.id);
const sandboxRefundsOf = (paymentId: string) => store.app.sandboxProvider!.refundsOf(paymentId);
/** Today's figures as the owner sees them (with revenue: decision 0054 shows it to the owner). */
const todaysRevenue = async () => {
  const { today } = (
    await store.app.inject({ url: '/api/admin/dashboard', headers: store.admin.headers })
  ).json<AdminDashboard>();
  if (today.revenue === null) throw new Error("The owner's dashboard shows no revenue");
  return { orders: today.orders, revenue: today.revenue };
};

describe('cancelling a paid order in the back office', () => {
  it('refunds the captured ₹1,348 once, restocks the items and tells the customer the amount', async () => {
    const lamp = await createTestProduct(store.database, { name: 'Brass Lamp', priceRupees: 1348, stock: 6 });
    const calls = watchProviderRefunds();
    const { created, providerPaymentId } = await paidOrder([{ product: lamp, quantity: 1 }]);
    expect(await stockOf(lamp)).toBe(5);
    // What the confirmation states before the owner cancels.
    expect((await detailOf(created.orderId)).money).toMatchObject({ refundOnCancel: 1348, net: 1348 });

    const response = await cancel(created.orderId, 'Out of stock at the supplier');

    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<AdminOrderDetail>();
    expect(detail.order.status).toBe('cancelled');
    expect(detail.payments).toMatchObject([{ status: 'refunded', amount: 1348, refunded: 1348 }]);
    expect(detail.money).toMatchObject({
      captured: 1348,
      refunded: 1348,
      net: 0,
      refundOnCancel: 0,
      refundDue: 0,
    });
    expect(detail.money.lines.map((line) => [line.kind, line.amount, line.label])).toEqual([
      ['captured', 1348, 'Payment captured'],
      ['refunded', 1348, 'Refund for the cancelled order'],
    ]);
    expect(calls).toEqual([{ paymentId: providerPaymentId, amountPaise: 134800 }]);
    // The sandbox lists the refund as Razorpay's GET /payments/:id/refunds does.
    const refunds = await store.app.inject({ url: `/sandbox/api/payments/${providerPaymentId}/refunds` });
    expect(refunds.json()).toMatchObject({
      entity: 'collection',
      count: 1,
      items: [{ entity: 'refund', payment_id: providerPaymentId, amount: 134800, status: 'processed' }],
    });
    expect(await stockOf(lamp)).toBe(6);
    expect(detail.order.events.map((event) => event.note)).toContain(
      '₹1,348 refunded to the original payment method',
    );

    // One mail for the cancellation, which carries the refund and when to expect it.
    const mails = (await mailOf(created.orderId)).filter((mail) => mail.kind !== 'order-confirmation');
    expect(mails.map((mail) => mail.kind)).toEqual(['order-status']);
    expect(mails[0]!.text).toContain(`Your order ${created.orderNumber} is now: Cancelled.`);
    expect(mails[0]!.text).toContain(
      'We are refunding ₹1,348 to your original payment method. Refunds usually reach your account in 5-7 working days.',
    );
  });

  it('refunds once when the owner sends the cancellation twice at once and the sweep runs meanwhile', async () => {
    const hamper = await createTestProduct(store.database, { priceRupees: 2499, stock: 4 });
    const calls = watchProviderRefunds();
    const { created, providerPaymentId } = await paidOrder([{ product: hamper, quantity: 1 }]);

    const [first, second] = await Promise.all([
      cancel(created.orderId),
      cancel(created.orderId),
      store.app.payments.retryUnfinishedWork(),
    ]);

    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(calls).toEqual([{ paymentId: providerPaymentId, amountPaise: 249900 }]);
    expect(sandboxRefundsOf(providerPaymentId)).toHaveLength(1);
    expect((await store.app.payments.retryUnfinishedWork()).refunds).toBe(0);
    expect(calls).toHaveLength(1);
    const detail = await detailOf(created.orderId);
    expect(detail.money).toMatchObject({ captured: 2499, refunded: 2499, net: 0 });
    expect(await stockOf(hamper)).toBe(4);
  });

  it('leaves a refund the provider did not take due, and the sweep makes it once', async () => {
    const thali = await createTestProduct(store.database, { priceRupees: 1100, stock: 3 });
    const calls = watchProviderRefunds({ failFirst: true });
    const { created, providerPaymentId } = await paidOrder([{ product: thali, quantity: 1 }]);

    const response = await cancel(created.orderId);

    expect(response.statusCode, response.body).toBe(200);
    const pending = response.json<AdminOrderDetail>();
    expect(pending.order.status).toBe('cancelled');
    expect(pending.payments).toMatchObject([{ status: 'captured', refunded: 0 }]);
    expect(pending.money).toMatchObject({ refunded: 0, refundDue: 1100, net: 1100 });
    // The customer has been told the amount all the same: it is on its way.
    const [cancelled] = (await mailOf(created.orderId)).filter((mail) => mail.kind === 'order-status');
    expect(cancelled!.text).toContain('We are refunding ₹1,100 to your original payment method.');

    expect((await store.app.payments.retryUnfinishedWork()).refunds).toBe(1);
    expect((await store.app.payments.retryUnfinishedWork()).refunds).toBe(0);
    // A second cancellation of the cancelled order is refused and refunds nothing more.
    expect((await cancel(created.orderId)).statusCode).toBe(409);

    expect(calls).toEqual([
      { paymentId: providerPaymentId, amountPaise: 110000 },
      { paymentId: providerPaymentId, amountPaise: 110000 },
    ]);
    expect(sandboxRefundsOf(providerPaymentId)).toMatchObject([{ amount: 110000 }]);
    const detail = await detailOf(created.orderId);
    expect(detail.payments).toMatchObject([{ status: 'refunded', refunded: 1100 }]);
    expect(detail.money).toMatchObject({ refunded: 1100, refundDue: 0, net: 0 });
    expect((await mailOf(created.orderId)).filter((mail) => mail.kind === 'payment-refunded')).toHaveLength(
      0,
    );
  });

  it('leaves a packed order’s cancellation to the back office (the shopper’s own ends there: decision 0051)', async () => {
    const candle = await createTestProduct(store.database, { priceRupees: 1050, stock: 5 });
    const { created } = await paidOrder([{ product: candle, quantity: 1 }]);
    await moveOrderAlong(store.app, store.admin.headers, created.orderId, [
      'confirmed',
      'processing',
      'packed',
    ]);

    const response = await store.app.inject({
      method: 'POST',
      url: `/api/orders/${created.orderId}/cancel`,
      headers: store.customer.headers,
    });

    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(PAID_CANCEL_MESSAGES.tooLate);
    expect((await detailOf(created.orderId)).money).toMatchObject({ refunded: 0, net: 1050 });
  });
});

describe('the dashboard’s revenue', () => {
  it('falls by exactly ₹399 when ₹399 of a ₹1,348 order is refunded, and by a cancelled order in full', async () => {
    const diya = await createTestProduct(store.database, { name: 'Diya Set', priceRupees: 399, stock: 10 });
    const box = await createTestProduct(store.database, {
      name: 'Dry Fruit Box',
      priceRupees: 949,
      stock: 10,
    });
    const before = await todaysRevenue();
    const { created } = await paidOrder([
      { product: diya, quantity: 1 },
      { product: box, quantity: 1 },
    ]);
    await moveOrderAlong(store.app, store.admin.headers, created.orderId, STEPS_TO_DELIVERED.slice(1));
    const paid = await todaysRevenue();
    expect(paid).toEqual({ orders: before.orders + 1, revenue: before.revenue + 1348 });

    const requested = await store.app.inject({
      method: 'POST',
      url: `/api/orders/${created.orderId}/returns`,
      headers: store.customer.headers,
      payload: { items: [{ productId: diya.id, quantity: 1 }], reason: 'Two diyas arrived chipped' },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const approved = await approveAndReceive(
      store.app,
      store.admin.headers,
      requested.json<{ return: ReturnRecord }>().return.id,
    );
    expect(approved.statusCode, approved.body).toBe(200);

    expect(await todaysRevenue()).toEqual({ orders: paid.orders, revenue: paid.revenue - 399 });
    expect((await detailOf(created.orderId)).money).toMatchObject({
      captured: 1348,
      refunded: 399,
      net: 949,
      lines: [
        { kind: 'captured', amount: 1348 },
        { kind: 'refunded', amount: 399, label: 'Refund for a return' },
      ],
    });

    // ₹949 and ₹50 shipping below ₹1,000 (SPEC 9).
    const other = await paidOrder([{ product: box, quantity: 1 }]);
    expect((await todaysRevenue()).revenue).toBe(paid.revenue - 399 + 999);
    expect((await cancel(other.created.orderId)).statusCode).toBe(200);
    expect(await todaysRevenue()).toEqual({ orders: paid.orders, revenue: paid.revenue - 399 });
  });
});

describe('migration 0013', () => {
  it('backfills from payments and returns the same money per order as the code records', async () => {
    // An order the owner marked paid (money taken outside the provider), beside every order above:
    // paid, cancelled and refunded, refunded after a provider failure, partly returned.
    const card = await createTestProduct(store.database, { priceRupees: 1200, stock: 5 });
    const marked = await placeOrder(store.app, store.customer.headers, [{ product: card, quantity: 1 }]);
    await moveOrderAlong(store.app, store.admin.headers, marked.orderId, ['paid']);
    const totals = async () =>
      rowsOf<{ order_id: string; kind: string; paise: string }>(
        await store.database.db.execute(
          sql`select order_id, kind, sum(amount_paise)::text as paise from money_ledger group by order_id, kind order by order_id, kind`,
        ),
      );
    const recorded = await totals();
    expect(recorded.length).toBeGreaterThan(8);

    // Credit notes name the ledger line of their refund; the backfill predates them.
    await store.database.db.execute(sql`delete from credit_notes`);
    await store.database.db.execute(sql`delete from money_ledger`);
    const migration = fs.readFileSync(path.join(migrationsFolder, '0013_money-ledger.sql'), 'utf8');
    const statements = migration.split('--> statement-breakpoint');
    const backfill = statements.slice(statements.findIndex((statement) => statement.includes('backfill')));
    for (const statement of backfill) await store.database.db.execute(sql.raw(statement));

    expect(await totals()).toEqual(recorded);
  });
});
