import { describe, expect, it } from 'vitest';
import type { AdminDashboard } from '../../../shared/api/admin';
import type { ReturnRecord } from '../../../shared/api/returns';
import { bulkEnquiries } from '../../db/schema';
import { approveAndReceive, moveOrderAlong, STEPS_TO_DELIVERED } from '../../testing/admin-fixtures';
import { createTestProduct, payOrder, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// A dashboard that tells the day's work: counts of what waits, revenue net of refunds
// (the money ledger's, to the paisa) and the best sellers. 11:30 in India on 20 November.
const clock = createTestClock('2031-11-20T06:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  admin: true,
  customer: { fullName: 'Meera Iyer' },
});

const dashboard = async () =>
  (
    await store.app.inject({ url: '/api/admin/dashboard', headers: store.admin.headers })
  ).json<AdminDashboard>();

describe("the dashboard's day of work", () => {
  it('counts orders to ship, returns to decide, enquiries to answer and low stock; a ₹399.50 refund lowers the day by exactly that', async () => {
    // ₹399.50 and ₹948.50: paise that must survive every sum.
    const diya = await createTestProduct(store.database, { name: 'Diya Set', priceRupees: 399.5, stock: 10 });
    const box = await createTestProduct(store.database, {
      name: 'Dry Fruit Box',
      priceRupees: 948.5,
      stock: 4,
    });
    const pay = async (lines: Parameters<typeof placeOrder>[2]) => {
      const created = await placeOrder(store.app, store.customer.headers, lines);
      await payOrder(store.app, store.customer.headers, created);
      return created;
    };
    const delivered = await pay([
      { product: diya, quantity: 1 },
      { product: box, quantity: 1 },
    ]);
    await moveOrderAlong(store.app, store.admin.headers, delivered.orderId, STEPS_TO_DELIVERED.slice(1));
    const toShip = await pay([{ product: box, quantity: 2 }]);
    await moveOrderAlong(store.app, store.admin.headers, toShip.orderId, [
      'confirmed',
      'processing',
      'packed',
    ]);
    await pay([{ product: diya, quantity: 3 }]);
    await placeOrder(store.app, store.customer.headers, [{ product: diya, quantity: 1 }]);
    await store.database.db.insert(bulkEnquiries).values([
      {
        occasion: 'Diwali',
        productsOrBudget: 'Sweets',
        quantity: 80,
        neededBy: '2031-12-01',
        name: 'A',
        phone: '9845012345',
        email: 'a@example.com',
      },
      {
        occasion: 'Wedding',
        productsOrBudget: 'Diyas',
        quantity: 200,
        neededBy: '2031-12-01',
        name: 'B',
        phone: '9845012346',
        email: 'b@example.com',
        status: 'contacted',
      },
    ]);

    const requested = await store.app.inject({
      method: 'POST',
      url: `/api/orders/${delivered.orderId}/returns`,
      headers: store.customer.headers,
      payload: { items: [{ productId: diya.id, quantity: 1 }], reason: 'The diyas arrived chipped' },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const before = await dashboard();
    // ₹1,348, ₹1,897 and ₹1,198.50, each free of shipping from ₹1,000 (SPEC 9).
    const paidToday = 1348 + 1897 + 1198.5;
    expect(before.revenueSeries.at(-1)).toEqual({ date: '2031-11-20', orders: 3, revenue: paidToday });
    expect(before.work).toEqual({
      toShip: 2,
      returnsToDecide: 1,
      enquiriesToAnswer: 1,
      // The box: 4 less 1 and 2 sold.
      lowStock: before.lowStock.length,
      // No cash on delivery order, and nothing shipped through the courier.
      codToCollect: 0,
      codRemitted: 0,
      codWithCourier: 0,
      codOverdue: 0,
      rtoRate: null,
    });
    expect(before.lowStock.find((row) => row.id === box.id)?.stock).toBe(1);

    const approved = await approveAndReceive(
      store.app,
      store.admin.headers,
      requested.json<{ return: ReturnRecord }>().return.id,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const after = await dashboard();
    expect(after.revenueSeries.at(-1)).toEqual({ date: '2031-11-20', orders: 3, revenue: paidToday - 399.5 });
    expect(after.today.revenue).toBe(paidToday - 399.5);
    expect(after.work.returnsToDecide).toBe(0);
    // Units kept: the returned diya no longer counts.
    expect(after.topProducts).toEqual([
      { id: diya.id, name: 'Diya Set', units: 3, revenue: 1198.5 },
      { id: box.id, name: 'Dry Fruit Box', units: 3, revenue: 2845.5 },
    ]);
  });
});
