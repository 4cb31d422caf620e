import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminJobs } from '../shared/api/admin';
import { orders } from './db/schema';
import { createTestProduct, placeOrder, seedPincodes } from './testing/order-fixtures';
import { registerTestAdmin, registerTestUser } from './testing/test-accounts';
import { createTestApp, createTestClock } from './testing/test-app';
import { setUpTestDatabase } from './testing/test-store';

// The store's own jobs, as app.ts schedules them: with BACKGROUND_JOBS on, the order-expiry job
// runs every EXPIRY_SWEEP_SECONDS without anyone calling it; with it off, nothing runs. The job
// runner's timers are vitest's fake setInterval (moved by hand, never waited for in real time),
// and the store's clock is the test clock, moved past the 15 minutes an unpaid order is held.
const testDatabase = setUpTestDatabase();
const MINUTE = 60 * 1000;
let app: FastifyInstance | undefined;

beforeAll(() => seedPincodes(testDatabase.database));

afterEach(async () => {
  await app?.close();
  app = undefined;
  vi.useRealTimers();
});

/** A store app whose job timers are fake, ready, with one unpaid order placed at `start`. */
async function storeWithUnpaidOrder(backgroundJobs: 'true' | 'false', start: string) {
  const clock = createTestClock(start);
  // Only the interval timers: the database, HTTP injection and hashing keep real time.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  app = await createTestApp(testDatabase.database, {
    clock,
    env: { BACKGROUND_JOBS: backgroundJobs, EXPIRY_SWEEP_SECONDS: '60', ORDER_EXPIRY_MINUTES: '15' },
  });
  await app.ready();
  const shopper = await registerTestUser(app);
  const product = await createTestProduct(testDatabase.database, { stock: 5 });
  const order = await placeOrder(app, shopper.headers, [{ product, quantity: 1 }]);
  return { app, clock, orderId: order.orderId };
}

const statusOf = async (orderId: string) =>
  (
    await testDatabase.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
  )[0]?.status;

describe('the background jobs', () => {
  it('run the order-expiry job every 60 s when enabled: an unpaid order past 15 minutes is cancelled', async () => {
    const store = await storeWithUnpaidOrder('true', '2031-04-01T04:00:00.000Z');
    const admin = await registerTestAdmin(store.app, testDatabase.database);
    const jobs = await store.app.inject({ url: '/api/admin/jobs', headers: admin.headers });
    expect(jobs.json<AdminJobs>().schedule).toMatchObject({
      expirySweepSeconds: 60,
      runsOnThisInstance: true,
    });

    store.clock.set(new Date(store.clock.now().getTime() + 16 * MINUTE));
    // Nothing called the sweep and its first turn is 60 s away: the order still waits.
    await vi.advanceTimersByTimeAsync(59_000);
    expect(await statusOf(store.orderId)).toBe('pending');

    await vi.advanceTimersByTimeAsync(1_000);
    // Closing waits for a run in progress (background-jobs.ts), so the sweep has finished here.
    await store.app.close();
    expect(await statusOf(store.orderId)).toBe('cancelled');
  });

  it('schedule nothing when disabled: the same overdue order stays pending through ten minutes of turns', async () => {
    const store = await storeWithUnpaidOrder('false', '2031-04-02T04:00:00.000Z');
    const admin = await registerTestAdmin(store.app, testDatabase.database);
    const jobs = await store.app.inject({ url: '/api/admin/jobs', headers: admin.headers });
    expect(jobs.json<AdminJobs>().schedule).toMatchObject({ runsOnThisInstance: false });

    store.clock.set(new Date(store.clock.now().getTime() + 16 * MINUTE));
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(await statusOf(store.orderId)).toBe('pending');
    // What the first test saw the job do, done by hand, shows the order was due all along.
    await store.app.orders.expireOverdueOrders();
    expect(await statusOf(store.orderId)).toBe('cancelled');
  });
});
