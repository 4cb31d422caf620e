import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminDashboard } from '../../../shared/api/admin';
import type { AdminCustomerList } from '../../../shared/api/admin-customers';
import { refusalFor } from '../../../shared/staff-roles';
import { moneyLedger, orders, products } from '../../db/schema';
import { createTestProduct, payOrder, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0076: money moves only by a role holding its permission (owner, accounts), and only
// roles with viewRevenue see it; the orders desk ships and prints.
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
    expect([refused.statusCode, refused.json().message]).toEqual([403, refusalFor('recordPayments')]);
    expect(await statusOf(created.orderId)).toBe('pending');
    expect(
      await store.database.db.select().from(moneyLedger).where(eq(moneyLedger.orderId, created.orderId)),
    ).toEqual([]);

    const accounts = await store.newStaff('accounts');
    expect((await changeStatus(accounts.headers, created.orderId, 'paid')).statusCode).toBe(200);
  });

  it('answers an orders-role member 403 on cancelling a paid order (a refund), and refunds nothing', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 800, stock: 5 });
    const created = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    await payOrder(store.app, store.customer.headers, created);
    const ordersDesk = await store.newStaff('orders');

    // The order's page offers the desk its shipping steps, not the refunding cancel; accounts both.
    const offered = async (headers: Record<string, string>) =>
      (await store.app.inject({ url: `/api/admin/orders/${created.orderId}`, headers })).json().nextStatuses;
    const accounts = await store.newStaff('accounts');
    expect(await offered(store.admin.headers)).toEqual(['confirmed', 'cancelled']);
    expect(await offered(ordersDesk.headers)).toEqual(['confirmed']);
    expect(await offered(accounts.headers)).toEqual(['cancelled']);

    const refused = await changeStatus(ordersDesk.headers, created.orderId, 'cancelled');
    expect([refused.statusCode, refused.json().message]).toEqual([403, refusalFor('cancelWithRefund')]);
    expect(await statusOf(created.orderId)).toBe('paid');
    const refundLines = await store.database.db
      .select()
      .from(moneyLedger)
      .where(eq(moneyLedger.orderId, created.orderId));
    expect(refundLines.map((line) => line.kind)).toEqual(['captured']);

    // An order with no money taken is still the orders desk's to cancel.
    const unpaid = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    expect((await changeStatus(ordersDesk.headers, unpaid.orderId, 'cancelled')).statusCode).toBe(200);
  });

  it('answers an orders-role member 403 on every money action: refunds, prices, settings, staff, export, revenue', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 800, stock: 5 });
    const ordersDesk = await store.newStaff('orders');
    const moneyActions: [
      action: string,
      method: 'GET' | 'POST' | 'PATCH' | 'PUT',
      url: string,
      body?: object,
    ][] = [
      ['approve a return (its refund)', 'POST', '/api/admin/returns/1/approve', { note: '' }],
      ['receive a return (its waiting refund)', 'POST', '/api/admin/returns/1/received', { note: '' }],
      ['mark a COD refund paid', 'POST', '/api/admin/returns/1/refund-paid', { reference: 'UTR1234567' }],
      ['refund a returned parcel', 'POST', '/api/admin/orders/1/returned-parcel/refund'],
      ['see refunds owed', 'GET', '/api/admin/refunds-owed'],
      ['change a price', 'PATCH', `/api/admin/products/${product.id}`, { price: 1 }],
      [
        'add a product with its price',
        'POST',
        '/api/admin/products',
        { name: 'Diya', price: 1, mrp: 1, categoryId: product.categoryId },
      ],
      ['import prices from a CSV', 'POST', '/api/admin/products/import'],
      ['make a coupon', 'POST', '/api/admin/coupons', { code: 'HALF' }],
      ['change the settings', 'PUT', '/api/admin/settings', { shippingFee: 0 }],
      ['invite staff', 'POST', '/api/admin/staff/invites', { email: 'a@example.com', staffRole: 'owner' }],
      ['change a role', 'PATCH', '/api/admin/staff/1', { staffRole: 'owner' }],
      ['export customers', 'GET', '/api/admin/customers/export.csv'],
      ['see the sales report', 'GET', '/api/admin/reports/sales-by-day?from=2031-03-01&to=2031-03-31'],
      ['download the sales register', 'GET', '/api/admin/reports/sales-register.csv?month=2031-03'],
      ['see the COD cash', 'GET', '/api/admin/cod-cash'],
      ['record a COD remittance', 'POST', '/api/admin/cod-remittances', { csv: 'awb,amount' }],
    ];
    const outcomes = [];
    for (const [action, method, url, body] of moneyActions) {
      const response = await store.app.inject({
        method,
        url,
        headers: ordersDesk.headers,
        payload: body ?? {},
      });
      outcomes.push({ action, status: response.statusCode });
    }
    expect(outcomes).toEqual(moneyActions.map(([action]) => ({ action, status: 403 })));
    const [kept] = await store.database.db
      .select({ pricePaise: products.pricePaise })
      .from(products)
      .where(eq(products.id, product.id));
    expect(kept?.pricePaise).toBe(80_000);
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
        work: { codRemitted: null, codWithCourier: null, codToCollect: null },
      });
      expect(desk.topProducts.every((top) => top.revenue === null)).toBe(true);
    }
    const accounts = await dashboardOf((await store.newStaff('accounts')).headers);
    expect([accounts.showsMoney, accounts.today.revenue]).toEqual([true, owners.today.revenue]);
  });

  it('shows the orders desk customers without what they spent, in the list and one by one', async () => {
    const ordersDesk = await store.newStaff('orders');
    const accounts = await store.newStaff('accounts');
    const [asOwner, asDesk, asAccounts] = await Promise.all(
      [store.admin.headers, ordersDesk.headers, accounts.headers].map(async (headers) =>
        (await store.app.inject({ url: '/api/admin/customers', headers })).json<AdminCustomerList>(),
      ),
    );
    expect(asOwner?.data.some((customer) => (customer.spend ?? 0) > 0)).toBe(true);
    expect(asDesk?.data.length).toBe(asOwner?.data.length);
    expect(asDesk?.data.every((customer) => customer.spend === null)).toBe(true);
    expect(asAccounts?.data.map((customer) => customer.spend)).toEqual(
      asOwner?.data.map((customer) => customer.spend),
    );
    const spender = asOwner?.data.find((customer) => (customer.spend ?? 0) > 0);
    const oneByOne = await store.app.inject({
      url: `/api/admin/customers/${spender?.id}`,
      headers: ordersDesk.headers,
    });
    expect(oneByOne.statusCode).toBe(200);
    expect(oneByOne.json().customer.spend).toBeNull();
    expect(oneByOne.body).not.toContain('spendPaise');
  });
});
