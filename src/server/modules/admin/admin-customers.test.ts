import { describe, expect, it } from 'vitest';
import type { AdminOrderList } from '../../../shared/api/admin';
import type { AdminCustomerDetail, AdminCustomerList } from '../../../shared/api/admin-customers';
import {
  createTestProduct,
  payOrder,
  placeOrder,
  seedPincodes,
  TEST_ADDRESS,
} from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Finding people: the back office's customers page and the order list's name search.

const clock = createTestClock('2031-11-20T06:00:00.000Z');
const store = setUpTestStore({ clock, env: { BACKGROUND_JOBS: 'false' }, seed: seedPincodes, admin: true });

const get = <T>(url: string) =>
  store.app
    .inject({ url, headers: store.admin.headers })
    .then((r) => ({ status: r.statusCode, body: r.json<T>() }));
const customers = (q: string) => get<AdminCustomerList>(`/api/admin/customers?q=${encodeURIComponent(q)}`);

describe('GET /api/admin/customers', () => {
  it('finds a customer by part of the name, the e-mail or the phone however typed, with orders and spend', async () => {
    const lakshmi = await store.newCustomer({ fullName: 'Lakshmi Venkataraman' });
    await store.newCustomer({ fullName: 'Rohan Mehta' });
    const saved = await store.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: lakshmi.headers,
      payload: {
        fullName: 'Lakshmi Venkataraman',
        addressLine1: '4 Besant Nagar 2nd Avenue',
        city: 'Chennai',
        postalCode: '560001',
        phone: '98401 23456',
        isDefault: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const product = await createTestProduct(store.database, { priceRupees: 1348, stock: 5 });
    const paid = await placeOrder(store.app, lakshmi.headers, [{ product, quantity: 1 }]);
    await payOrder(store.app, lakshmi.headers, paid);
    await placeOrder(store.app, lakshmi.headers, [{ product, quantity: 1 }]);

    const byName = await customers('venkata');
    expect(byName.status).toBe(200);
    expect(byName.body.total).toBe(1);
    expect(byName.body.data[0]).toMatchObject({
      id: lakshmi.user.id,
      name: 'Lakshmi Venkataraman',
      email: lakshmi.user.email,
      // Stored as digits (shared/phone.ts).
      phone: '9840123456',
      orderCount: 1,
      spend: 1348,
    });
    expect((await customers(lakshmi.user.email.toUpperCase())).body.data.map((row) => row.id)).toEqual([
      lakshmi.user.id,
    ]);
    expect((await customers('+91 98401-23456')).body.data.map((row) => row.id)).toEqual([lakshmi.user.id]);
    // The checkout address's phone (TEST_ADDRESS) finds her too.
    expect((await customers(TEST_ADDRESS.phone)).body.data.map((row) => row.id)).toContain(lakshmi.user.id);
    expect((await customers('nobody-like-this')).body).toMatchObject({ data: [], total: 0 });
    // The owner is staff, not a customer.
    expect((await customers(store.admin.user.email)).body.total).toBe(0);
  });

  it('pages 25 customers at a time, newest first, and refuses a search longer than 100 characters', async () => {
    const all = await get<AdminCustomerList>('/api/admin/customers');
    expect(all.body.pageSize).toBe(25);
    const ids = all.body.data.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const tooLong = await store.app.inject({
      url: `/api/admin/customers?q=${'a'.repeat(101)}`,
      headers: store.admin.headers,
    });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('GET /api/admin/customers/:id', () => {
  it("shows a customer's addresses and latest orders, and 404 for anyone else", async () => {
    const customer = await store.newCustomer({ fullName: 'Farhan Qureshi' });
    const product = await createTestProduct(store.database, { priceRupees: 999, stock: 5 });
    const order = await placeOrder(store.app, customer.headers, [{ product, quantity: 1 }]);
    // Three saved addresses, the second the default: it comes first, then the newest.
    for (const [index, city] of ['Pune', 'Mumbai', 'Nashik'].entries()) {
      const saved = await store.app.inject({
        method: 'POST',
        url: '/api/addresses',
        headers: customer.headers,
        payload: {
          fullName: 'Farhan Qureshi',
          addressLine1: `${index + 1} MG Road`,
          city,
          postalCode: '560001',
          phone: '98765 43210',
          isDefault: index === 1,
        },
      });
      expect(saved.statusCode, saved.body).toBe(201);
    }
    const { status, body } = await get<AdminCustomerDetail>(`/api/admin/customers/${customer.user.id}`);
    expect(status).toBe(200);
    expect(body.customer).toMatchObject({
      name: 'Farhan Qureshi',
      orderCount: 0,
      spend: 0,
      phone: '9876543210',
      lastOrderAt: '2031-11-20T06:00:00.000Z',
    });
    expect(body.addresses.map((address) => [address.lines[0], address.isDefault])).toEqual([
      ['2 MG Road', true],
      ['3 MG Road', false],
      ['1 MG Road', false],
    ]);
    expect(body.orders).toEqual([
      expect.objectContaining({ id: order.orderId, status: 'pending', totalAmount: 1049 }),
    ]);
    expect(body.ordersTotal).toBe(1);
    expect((await get(`/api/admin/customers/${store.admin.user.id}`)).status).toBe(404);
    expect((await get('/api/admin/customers/99999999')).status).toBe(404);
  });
});

describe('GET /api/admin/orders?q=', () => {
  it("finds orders by the customer's account name and by the delivery address's name", async () => {
    const customer = await store.newCustomer({ fullName: 'Ishaan Chatterjee' });
    const product = await createTestProduct(store.database, { priceRupees: 500, stock: 5 });
    const gift = await placeOrder(store.app, customer.headers, [{ product, quantity: 1 }], {
      address: { ...TEST_ADDRESS, fullName: 'Tanvi Deshpande' },
    });
    for (const q of ['chatterjee', 'DESHPANDE']) {
      const { body } = await get<AdminOrderList>(`/api/admin/orders?q=${q}`);
      expect(body.data.map((row) => row.id)).toEqual([gift.orderId]);
    }
  });
});

describe('GET /api/admin/customers/export.csv (decision 0076)', () => {
  it('lists every customer with paid orders and spend for a role that may export, and no one else', async () => {
    const meera = await store.newCustomer({ fullName: '=Meera Iyer' });
    const product = await createTestProduct(store.database, { priceRupees: 2150, stock: 5 });
    const paid = await placeOrder(store.app, meera.headers, [{ product, quantity: 1 }]);
    await payOrder(store.app, meera.headers, paid);

    const accounts = await store.newStaff('accounts');
    const response = await store.app.inject({
      url: '/api/admin/customers/export.csv',
      headers: accounts.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="customers.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('Name,E-mail,Phone,Paid orders,Spent (₹),Last order,Joined');
    // A name that starts like a formula is kept as text (csv.ts guardFormula): no spreadsheet runs it.
    expect(lines.find((line) => line.includes(meera.user.email))).toMatch(
      new RegExp(`^'=Meera Iyer,${meera.user.email},[^,]*,1,2150\\.00,2031-11-20T06:00:00\\.000Z,`),
    );
    const ordersDesk = await store.newStaff('orders');
    const refused = await store.app.inject({
      url: '/api/admin/customers/export.csv',
      headers: ordersDesk.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
