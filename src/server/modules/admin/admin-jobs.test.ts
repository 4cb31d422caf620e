import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminJobs } from '../../../shared/api/admin';
import type { Database } from '../../db/client';
import { webhookEvents } from '../../db/schema';
import { createTestApp, createTestClock } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';
import { registerTestUser } from '../auth/test-accounts';
import { enqueueMail } from '../mail';
import { createTestProduct, placeOrder, seedPincodes } from '../orders/order-fixtures';
import { registerTestAdmin } from './admin-testing';

const clock = createTestClock('2031-03-10T05:00:00.000Z');
let database: Database;
let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof registerTestAdmin>>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedPincodes(database);
  app = await createTestApp(database, {
    clock,
    env: { BACKGROUND_JOBS: 'false', EXPIRY_SWEEP_SECONDS: '30' },
  });
  admin = await registerTestAdmin(app, database);
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const jobs = async () => {
  const response = await app.inject({ url: '/api/admin/jobs', headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminJobs>();
};

describe('GET /api/admin/jobs', () => {
  it('shows the work each background job has waiting and the webhooks not yet handled', async () => {
    const shopper = await registerTestUser(app);
    const product = await createTestProduct(database, { stock: 10 });
    await placeOrder(app, shopper.headers, [{ product, quantity: 1 }]);
    await placeOrder(app, shopper.headers, [{ product, quantity: 2 }]);
    await enqueueMail(
      database.db,
      { recipient: 'asha@example.com', subject: 'Your order', text: 'Thanks', kind: 'order-confirmation' },
      clock.now(),
    );
    await database.db.insert(webhookEvents).values({
      id: 'evt_stuck0000000001',
      provider: 'sandbox',
      event: 'payment.captured',
      payload: {},
      receivedAt: new Date('2031-03-10T04:50:00.000Z'),
      lastError: 'Order not found',
    });

    const before = await jobs();
    expect(before.queues.orderExpiry).toEqual({ pending: 2, overdue: 0 });
    expect(before.queues.mail).toMatchObject({ queued: 1, due: 1, retrying: 0, failed: 0 });
    expect(before.queues.webhooks).toEqual({ unprocessed: 1, failing: 1 });
    expect(before.stuckWebhooks).toEqual([
      {
        id: 'evt_stuck0000000001',
        event: 'payment.captured',
        receivedAt: '2031-03-10T04:50:00.000Z',
        lastError: 'Order not found',
        attempts: 0,
        nextAttemptAt: null,
        gaveUp: false,
      },
    ]);
    expect(before.schedule).toEqual({
      expirySweepSeconds: 30,
      mailEverySeconds: 15,
      runsOnThisInstance: false,
    });

    // Past the 30-minute expiry both unpaid orders wait for the sweep; after it, none do.
    clock.set('2031-03-10T05:45:00.000Z');
    expect((await jobs()).queues.orderExpiry).toEqual({ pending: 2, overdue: 2 });
    await app.orders.expireOverdueOrders();
    expect((await jobs()).queues.orderExpiry).toEqual({ pending: 0, overdue: 0 });
  });

  it('is for admins only', async () => {
    const shopper = await registerTestUser(app);
    expect((await app.inject({ url: '/api/admin/jobs', headers: shopper.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/jobs' })).statusCode).toBe(401);
  });
});
