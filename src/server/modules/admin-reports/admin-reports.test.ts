import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AdminDashboard, AdminOutbox } from '../../../shared/api/admin';
import { users } from '../../db/schema';
import { createTestProduct, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { createOrPromoteAdmin, runningStorePid, writeRunningStoreFile } from '../admin';
import { verifyPassword } from '../auth';

// 05:00 UTC on 10 March is 10:30 in India.
const clock = createTestClock('2031-03-10T05:00:00.000Z');
const store = setUpTestStore({ clock, env: { BACKGROUND_JOBS: 'false' }, seed: seedPincodes, admin: true });

const pay = (orderId: string) =>
  store.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/status`,
    headers: store.admin.headers,
    payload: { status: 'paid' },
  });

describe('GET /api/admin/dashboard', () => {
  it('adds up paid orders by India-time day, counts pending payments and lists low stock', async () => {
    const shopper = await store.newCustomer();
    const product = await createTestProduct(store.database, { priceRupees: 1000, stock: 9 });
    await createTestProduct(store.database, { name: 'Archived Low', stock: 1, archived: true });

    // Paid at 20:00 UTC on 1 March: 2 March in India (this month, not today).
    clock.set('2031-03-01T20:00:00.000Z');
    const earlier = await placeOrder(store.app, shopper.headers, [{ product, quantity: 1 }]);
    await pay(earlier.orderId);
    // Paid at 19:00 UTC on 9 March: 00:30 on 10 March in India, so today.
    clock.set('2031-03-09T19:00:00.000Z');
    const today = await placeOrder(store.app, shopper.headers, [{ product, quantity: 2 }]);
    await pay(today.orderId);
    clock.set('2031-03-10T05:00:00.000Z');
    await placeOrder(store.app, shopper.headers, [{ product, quantity: 1 }]);

    const response = await store.app.inject({ url: '/api/admin/dashboard', headers: store.admin.headers });
    const dashboard = response.json<AdminDashboard>();
    // ₹1,000 each, free shipping from ₹1,000 (SPEC 9).
    expect(dashboard.today).toEqual({ orders: 1, revenue: 2000 });
    expect(dashboard.month).toEqual({ orders: 2, revenue: 3000 });
    expect(dashboard.pendingPayments).toBe(1);
    expect(dashboard.lowStock.map((row) => row.stock)).toEqual([5]);
    expect(dashboard.revenueSeries).toHaveLength(14);
    expect(dashboard.revenueSeries.at(-1)).toEqual({ date: '2031-03-10', orders: 1, revenue: 2000 });
    expect(dashboard.revenueSeries.find((day) => day.date === '2031-03-02')).toEqual({
      date: '2031-03-02',
      orders: 1,
      revenue: 1000,
    });
    expect(dashboard.revenueSeries[0]?.date).toBe('2031-02-25');
  });
});

describe('GET /api/admin/outbox', () => {
  it('lists queued mail, newest first, with subject, recipient and text', async () => {
    const shopper = await store.newCustomer();
    const product = await createTestProduct(store.database);
    const order = await placeOrder(store.app, shopper.headers, [{ product, quantity: 1 }]);
    await pay(order.orderId);
    const response = await store.app.inject({ url: '/api/admin/outbox', headers: store.admin.headers });
    const [latest] = response.json<AdminOutbox>().data;
    expect(latest).toMatchObject({
      recipient: shopper.user.email,
      subject: `Order ${order.orderNumber}: Payment Confirmed`,
      status: 'queued',
      sentAt: null,
    });
    expect(latest?.text).toContain(order.orderNumber);
  });
});

describe('admin:create', () => {
  it('creates an admin, or promotes an existing account and sets its password', async () => {
    const created = await createOrPromoteAdmin(store.database.db, {
      email: 'Owner@Example.com',
      password: 'diwali-2031!',
      name: 'Store Owner',
    });
    expect(created).toMatchObject({ email: 'owner@example.com', created: true });
    const login = await store.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'owner@example.com', password: 'diwali-2031!' },
    });
    expect(login.json().user.role).toBe('admin');

    const customer = await store.newCustomer();
    const promoted = await createOrPromoteAdmin(store.database.db, {
      email: customer.user.email,
      password: 'new-secret-1',
    });
    expect(promoted.created).toBe(false);
    const rows = await store.database.db.select().from(users);
    const row = rows.find((user) => user.email === customer.user.email);
    expect(row?.role).toBe('admin');
    expect(await verifyPassword('new-secret-1', row?.passwordHash ?? '')).toBe(true);
  });

  it('refuses a short password', async () => {
    await expect(
      createOrPromoteAdmin(store.database.db, { email: 'a@example.com', password: 'short' }),
    ).rejects.toThrow(/at least 8/);
  });

  it('knows when a store is running on the data folder, and ignores a stale file', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-lock-'));
    try {
      expect(runningStorePid(dataDir)).toBeNull();
      const remove = writeRunningStoreFile(dataDir);
      expect(runningStorePid(dataDir)).toBe(process.pid);
      remove();
      expect(runningStorePid(dataDir)).toBeNull();
      fs.writeFileSync(path.join(dataDir, 'store.pid'), '2147483646');
      expect(runningStorePid(dataDir)).toBeNull();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
