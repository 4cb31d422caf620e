import { describe, expect, it } from 'vitest';
import type { AdminDashboard } from '../../../shared/api/admin';
import { moveOrderAlong } from '../../testing/admin-fixtures';
import { createTestProduct, payOrder, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
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
