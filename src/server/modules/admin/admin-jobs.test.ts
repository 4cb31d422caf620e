import { describe, expect, it } from 'vitest';
import type { AdminJobs } from '../../../shared/api/admin';
import { webhookEvents } from '../../db/schema';
import { createTestProduct, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { enqueueMail } from '../mail';

const clock = createTestClock('2031-03-10T05:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false', EXPIRY_SWEEP_SECONDS: '30' },
  seed: seedPincodes,
  admin: true,
});

const jobs = async () => {
  const response = await store.app.inject({ url: '/api/admin/jobs', headers: store.admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminJobs>();
};

describe('GET /api/admin/jobs', () => {
  it('shows the work each background job has waiting and the webhooks not yet handled', async () => {
    const shopper = await store.newCustomer();
    const product = await createTestProduct(store.database, { stock: 10 });
    await placeOrder(store.app, shopper.headers, [{ product, quantity: 1 }]);
    await placeOrder(store.app, shopper.headers, [{ product, quantity: 2 }]);
    await enqueueMail(
      store.database.db,
      { recipient: 'asha@example.com', subject: 'Your order', text: 'Thanks', kind: 'order-confirmation' },
      clock.now(),
    );
    await store.database.db.insert(webhookEvents).values({
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
      jobs: [],
    });

    // Past the 30-minute expiry both unpaid orders wait for the sweep; after it, none do.
    clock.set('2031-03-10T05:45:00.000Z');
    expect((await jobs()).queues.orderExpiry).toEqual({ pending: 2, overdue: 2 });
    await store.app.orders.expireOverdueOrders();
    expect((await jobs()).queues.orderExpiry).toEqual({ pending: 0, overdue: 0 });
  });

  it('is for admins only', async () => {
    const shopper = await store.newCustomer();
    expect((await store.app.inject({ url: '/api/admin/jobs', headers: shopper.headers })).statusCode).toBe(
      403,
    );
    expect((await store.app.inject({ url: '/api/admin/jobs' })).statusCode).toBe(401);
  });
});
