import { count, desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '../../../shared/api/admin';
import { moneyChecks, orders, payments } from '../../db/schema';
import { moveOrderAlong } from '../../testing/admin-fixtures';
import { paidBatch, senderWithPhone } from '../../testing/gift-link-fixtures';
import { openPool, postConfirm, signedAnswer, startShare } from '../../testing/group-gift-fixtures';
import { createTestProduct, payOrder, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import { createTestApp, createTestClock } from '../../testing/test-app';
import { TWO_INSTANCES_ON } from '../../testing/test-database';
import { setUpTestStore } from '../../testing/test-store';
import type { CapturedAmount } from '../payment-providers';
import { createMoneyCheck } from './money-check';

const clock = createTestClock('2031-11-20T06:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  admin: true,
  customer: { fullName: 'Meera Iyer' },
});

async function paidOrder(priceRupees: number) {
  const product = await createTestProduct(store.database, { priceRupees, stock: 5 });
  const created = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
  return { created, paymentId: await payOrder(store.app, store.customer.headers, created) };
}

describe('the daily check of the money ledger against the payment provider', () => {
  it('lists for the owner the orders whose net differs from what the provider holds', async () => {
    // The provider's own records of its payments (Razorpay answers these; the sandbox keeps none).
    const records = new Map<string, CapturedAmount>();
    const provider = {
      ...store.app.paymentProvider,
      fetchPayment: async (paymentId: string) => records.get(paymentId) ?? null,
    };
    const check = createMoneyCheck({ db: store.database.db, clock, provider });
    expect(
      (
        await store.app.inject({ url: '/api/admin/dashboard', headers: store.admin.headers })
      ).json<AdminDashboard>().moneyCheck,
    ).toBeNull();

    const kept = await paidOrder(1348);
    records.set(kept.paymentId, { amountPaise: 134800, currency: 'INR', refundedPaise: 0 });
    const cancelled = await paidOrder(2000);
    await moveOrderAlong(store.app, store.admin.headers, cancelled.created.orderId, ['cancelled']);
    // The ledger says ₹2,000 went back; this provider's record says it still holds it.
    records.set(cancelled.paymentId, { amountPaise: 200000, currency: 'INR', refundedPaise: 0 });
    const unknown = await paidOrder(1500);
    expect(records.has(unknown.paymentId)).toBe(false);

    expect(await check.checkLedger()).toEqual({ ordersChecked: 2, differences: 1 });

    clock.set('2031-11-20T07:00:00.000Z');
    records.set(cancelled.paymentId, { amountPaise: 200000, currency: 'INR', refundedPaise: 200000 });
    const dashboardBefore = (
      await store.app.inject({ url: '/api/admin/dashboard', headers: store.admin.headers })
    ).json<AdminDashboard>();
    expect(dashboardBefore.moneyCheck).toEqual({
      checkedAt: '2031-11-20T06:00:00.000Z',
      ordersChecked: 2,
      differences: [
        {
          orderId: cancelled.created.orderId,
          orderNumber: cancelled.created.orderNumber,
          ledger: 0,
          provider: 2000,
        },
      ],
    });

    // Once the provider's record shows the refund, the next check finds them agreeing.
    expect(await check.checkLedger()).toEqual({ ordersChecked: 2, differences: 0 });
    const dashboard = (
      await store.app.inject({ url: '/api/admin/dashboard', headers: store.admin.headers })
    ).json<AdminDashboard>();
    expect(dashboard.moneyCheck).toEqual({
      checkedAt: '2031-11-20T07:00:00.000Z',
      ordersChecked: 2,
      differences: [],
    });
  });
});

describe('the money check of a group gift (decision 0084)', () => {
  it('reconciles its shares, the refunds beyond its total and its order exactly', async () => {
    clock.set('2031-11-20T08:00:00.000Z');
    const product = await createTestProduct(store.database, { priceRupees: 1499, stock: 5 });
    const opened = await openPool(store, await senderWithPhone(store), [{ product, quantity: 1 }]);
    // What the provider holds: each share as paid, less the refunds it made (the sandbox keeps those).
    const paid = new Map<string, number>();
    const pay = async (amount: number) => {
      const friend = await senderWithPhone(store);
      const started = await startShare(store, friend, opened.token, { amount });
      const answer = signedAnswer(store, started);
      paid.set(answer.razorpay_payment_id, started.order.amount);
      return () => postConfirm(store, friend.headers, opened.token, started.contributionId, answer);
    };
    expect((await (await pay(1299))()).statusCode).toBe(200);
    const last = await Promise.all([await pay(200), await pay(200)]);
    expect((await Promise.all(last.map((confirm) => confirm()))).map((answer) => answer.statusCode)).toEqual([
      200, 200,
    ]);
    const sandbox = store.app.sandboxProvider!;
    const provider = {
      ...store.app.paymentProvider,
      fetchPayment: async (paymentId: string): Promise<CapturedAmount | null> => {
        const amountPaise = paid.get(paymentId);
        if (amountPaise === undefined) return null;
        const refundedPaise = sandbox.refundsOf(paymentId).reduce((sum, refund) => sum + refund.amount, 0);
        return { amountPaise, currency: 'INR', refundedPaise };
      },
    };
    // Three shares of one order: ₹1,699 captured, ₹200 given back, ₹1,499 held on both sides.
    expect(await createMoneyCheck({ db: store.database.db, clock, provider }).checkLedger()).toEqual({
      ordersChecked: 1,
      differences: 0,
    });
  });
});

describe('the money check of a gift batch (decision 0090)', () => {
  it("checks its orders' shares of the one payment together, as the provider holds it", async () => {
    clock.set('2031-11-20T09:00:00.000Z');
    const { batch } = await paidBatch(store, 3);
    const [child] = await store.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.giftBatchId, batch.orderId))
      .limit(1);
    // One recipient's order cancelled by the owner: its share alone goes back.
    await moveOrderAlong(store.app, store.admin.headers, child?.id ?? '', ['cancelled']);
    const [share] = await store.database.db
      .select({ paymentId: payments.providerPaymentId })
      .from(payments)
      .where(eq(payments.giftBatchId, batch.orderId))
      .limit(1);
    const sandbox = store.app.sandboxProvider!;
    const provider = {
      ...store.app.paymentProvider,
      fetchPayment: async (paymentId: string): Promise<CapturedAmount | null> =>
        paymentId === share?.paymentId
          ? {
              amountPaise: batch.order.amount,
              currency: 'INR',
              refundedPaise: sandbox.refundsOf(paymentId).reduce((sum, refund) => sum + refund.amount, 0),
            }
          : null,
    };
    expect(sandbox.refundsOf(share?.paymentId ?? '').map((refund) => refund.amount)).toEqual([69_900]);
    // Three orders' ₹2,097 captured, ₹699 back: ₹1,398 on both sides, no difference.
    expect(await createMoneyCheck({ db: store.database.db, clock, provider }).checkLedger()).toEqual({
      ordersChecked: 3,
      differences: 0,
    });
  });
});

describe('the daily run of the money check', () => {
  const instances: Awaited<ReturnType<typeof createTestApp>>[] = [];
  const newInstance = async () => {
    const instance = await createTestApp(store.database, { env: { BACKGROUND_JOBS: 'false' }, clock });
    instances.push(instance);
    return instance;
  };
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
  });
  const checksKept = async () =>
    (await store.database.db.select({ runs: count() }).from(moneyChecks))[0]?.runs ?? 0;

  it(`runs once a day across two instances and restarts, by the stored last run (${TWO_INSTANCES_ON})`, async () => {
    clock.set('2031-11-21T02:00:00.000Z');
    const before = await checksKept();
    const second = await newInstance();
    const first = await Promise.all([
      store.app.payments.checkLedgerIfDue(),
      second.payments.checkLedgerIfDue(),
    ]);
    expect(first.filter((run) => run !== null)).toHaveLength(1);
    expect(await checksKept()).toBe(before + 1);

    // Restarted an hour later (a new instance): the day's check is done, so nothing runs.
    clock.set('2031-11-21T03:00:00.000Z');
    const restarted = await newInstance();
    expect(await restarted.payments.checkLedgerIfDue()).toBeNull();
    clock.set('2031-11-22T01:59:59.000Z');
    expect(await second.payments.checkLedgerIfDue()).toBeNull();

    // A day after the last run it is due again, and again only one instance takes it.
    clock.set('2031-11-22T02:00:00.000Z');
    const next = await Promise.all([
      restarted.payments.checkLedgerIfDue(),
      second.payments.checkLedgerIfDue(),
      store.app.payments.checkLedgerIfDue(),
    ]);
    expect(next.filter((run) => run !== null)).toHaveLength(1);
    expect(await checksKept()).toBe(before + 2);
  });

  it('checks every payment of the window, reading them a page at a time', async () => {
    clock.set('2031-11-23T06:00:00.000Z');
    const records = new Map<string, CapturedAmount>();
    const provider = {
      ...store.app.paymentProvider,
      fetchPayment: async (paymentId: string) => records.get(paymentId) ?? null,
    };
    const paid = [await paidOrder(500), await paidOrder(600), await paidOrder(700)];
    for (const [index, order] of paid.entries()) {
      const [row] = await store.database.db
        .select({ amountPaise: payments.amountPaise })
        .from(payments)
        .where(eq(payments.providerPaymentId, order.paymentId));
      // The last one's provider record holds ₹1 less than the ledger: the check must reach it.
      const amountPaise = (row?.amountPaise ?? 0) - (index === 2 ? 100 : 0);
      records.set(order.paymentId, { amountPaise, currency: 'INR', refundedPaise: 0 });
    }
    const check = createMoneyCheck({ db: store.database.db, clock, provider, pageSize: 2 });
    expect(await check.checkLedger()).toEqual({ ordersChecked: 3, differences: 1 });
    const [latest] = await store.database.db
      .select()
      .from(moneyChecks)
      .orderBy(desc(moneyChecks.id))
      .limit(1);
    expect(latest?.differences).toEqual([
      expect.objectContaining({ orderNumber: paid[2]?.created.orderNumber, ledgerPaise: expect.any(Number) }),
    ]);
  });
});
