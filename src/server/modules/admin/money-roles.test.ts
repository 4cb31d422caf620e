import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminDashboard } from '../../../shared/api/admin';
import type { AdminCustomerList } from '../../../shared/api/admin-customers';
import { MONEY_OWNER_ONLY_MESSAGE } from '../../../shared/staff-roles';
import { moneyLedger, orders } from '../../db/schema';
import { createTestProduct, payOrder, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0054: money moves by the owner's hand only, and only roles that may see money see it.
const store = setUpTestStore({
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  customer: true,
  admin: true,
});

const changeStatus = (headers: Record<string, string>, orderId: string, status: string) =>
  store.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/status`,
    headers,
    payload: { status, note: '' },
  });

const statusOf = async (orderId: string) =>
  (await store.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]
    ?.status;

describe('money is the owner’s', () => {
  it('answers an orders-role member 403 on marking an online order paid, and changes nothing', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 800, stock: 5 });
    const created = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    const ordersDesk = await store.newStaff('orders');

    const refused = await changeStatus(ordersDesk.headers, created.orderId, 'paid');
    expect([refused.statusCode, refused.json().message]).toEqual([403, MONEY_OWNER_ONLY_MESSAGE]);
    expect(await statusOf(created.orderId)).toBe('pending');
    expect(
      await store.database.db.select().from(moneyLedger).where(eq(moneyLedger.orderId, created.orderId)),
    ).toEqual([]);

    expect((await changeStatus(store.admin.headers, created.orderId, 'paid')).statusCode).toBe(200);
  });

  it('answers an orders-role member 403 on cancelling a paid order (a refund), and refunds nothing', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 800, stock: 5 });
    const created = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    await payOrder(store.app, store.customer.headers, created);
    const ordersDesk = await store.newStaff('orders');

    const refused = await changeStatus(ordersDesk.headers, created.orderId, 'cancelled');
    expect([refused.statusCode, refused.json().message]).toEqual([403, MONEY_OWNER_ONLY_MESSAGE]);
    expect(await statusOf(created.orderId)).toBe('paid');

    // An order with no money taken is still the orders desk's to cancel.
    const unpaid = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    expect((await changeStatus(ordersDesk.headers, unpaid.orderId, 'cancelled')).statusCode).toBe(200);
  });

  it("answers an orders-role member 403 on a return's refund", async () => {
    const ordersDesk = await store.newStaff('orders');
    for (const action of ['approve', 'received', 'refund-paid']) {
      const refused = await store.app.inject({
        method: 'POST',
        url: `/api/admin/returns/1/${action}`,
        headers: ordersDesk.headers,
        payload: { note: '', reference: 'UTR1234567' },
      });
      expect({ action, status: refused.statusCode }).toEqual({ action, status: 403 });
    }
  });
});

describe('revenue only for roles that may see money', () => {
  it('shows the owner revenue, and the orders and catalogue desks their counts without it', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 800, stock: 5 });
    const created = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    await payOrder(store.app, store.customer.headers, created);
    const dashboardOf = async (headers: Record<string, string>) => {
      const response = await store.app.inject({ url: '/api/admin/dashboard', headers });
      expect(response.statusCode).toBe(200);
      return response.json<AdminDashboard>();
    };

    const owners = await dashboardOf(store.admin.headers);
    expect(owners.showsMoney).toBe(true);
    expect(owners.today.revenue).toBeGreaterThan(0);

    for (const role of ['orders', 'catalogue'] as const) {
      const desk = await dashboardOf((await store.newStaff(role)).headers);
      expect({ role, ...desk }).toMatchObject({
        role,
        showsMoney: false,
        today: { orders: owners.today.orders, revenue: null },
        month: { orders: owners.month.orders, revenue: null },
        revenueSeries: [],
        moneyCheck: null,
        work: { codRemitted: null },
      });
      expect(desk.topProducts.every((top) => top.revenue === null)).toBe(true);
    }
  });

  it('shows the orders desk customers without what they spent', async () => {
    const ordersDesk = await store.newStaff('orders');
    const [asOwner, asDesk] = await Promise.all(
      [store.admin.headers, ordersDesk.headers].map(async (headers) =>
        (await store.app.inject({ url: '/api/admin/customers', headers })).json<AdminCustomerList>(),
      ),
    );
    expect(asOwner?.data.some((customer) => (customer.spend ?? 0) > 0)).toBe(true);
    expect(asDesk?.data.length).toBe(asOwner?.data.length);
    expect(asDesk?.data.every((customer) => customer.spend === null)).toBe(true);
  });
});
