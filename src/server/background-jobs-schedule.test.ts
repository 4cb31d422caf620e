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

  it('set every job of the store on its timer when enabled, at the periods written out, and the short ones run within 15 s', async () => {
    const store = await storeWithUnpaidOrder('true', '2031-04-03T04:00:00.000Z');
    const admin = await registerTestAdmin(store.app, testDatabase.database);
    const answer = await store.app.inject({ url: '/api/admin/jobs', headers: admin.headers });
    // Written out by hand from what each job is for, not read from app.ts: a job dropped from
    // the schedule, or put on another period, fails here. The sandboxes' two jobs run because
    // the test store uses the sandbox messenger and courier.
    expect(answer.json<AdminJobs>().schedule.jobs).toEqual([
      { name: 'order-expiry', everySeconds: 60, runs: 0 },
      { name: 'mail', everySeconds: 15, runs: 0 },
      { name: 'rule-collections', everySeconds: 60 * 60, runs: 0 },
      { name: 'dispatch-jobs', everySeconds: 1, runs: 0 },
      { name: 'notifications', everySeconds: 5, runs: 0 },
      { name: 'stock-alerts', everySeconds: 5, runs: 0 },
      { name: 'cart-reminders', everySeconds: 5 * 60, runs: 0 },
      { name: 'messaging-sandbox', everySeconds: 3, runs: 0 },
      { name: 'sandbox-courier', everySeconds: 5, runs: 0 },
      { name: 'owner-digest', everySeconds: 5 * 60, runs: 0 },
      { name: 'money-check', everySeconds: 10 * 60, runs: 0 },
      { name: 'retention', everySeconds: 6 * 60 * 60, runs: 0 },
    ]);

    await vi.advanceTimersByTimeAsync(15_000);
    // Closing waits for the runs in progress, so each count below is of runs that finished.
    await store.app.close();
    const ran = store.app.backgroundJobs
      ?.scheduled()
      .map((job) => `${job.name}: ${job.runs > 0 ? 'ran' : 'waits'}`);
    expect(ran).toEqual([
      'order-expiry: waits',
      'mail: ran',
      'rule-collections: waits',
      'dispatch-jobs: ran',
      'notifications: ran',
      'stock-alerts: ran',
      'cart-reminders: waits',
      'messaging-sandbox: ran',
      'sandbox-courier: ran',
      'owner-digest: waits',
      'money-check: waits',
      'retention: waits',
    ]);
  });

  it('schedule nothing when disabled: the same overdue order stays pending through ten minutes of turns', async () => {
    const store = await storeWithUnpaidOrder('false', '2031-04-02T04:00:00.000Z');
    const admin = await registerTestAdmin(store.app, testDatabase.database);
    const jobs = await store.app.inject({ url: '/api/admin/jobs', headers: admin.headers });
    expect(jobs.json<AdminJobs>().schedule).toMatchObject({ runsOnThisInstance: false, jobs: [] });

    store.clock.set(new Date(store.clock.now().getTime() + 16 * MINUTE));
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(await statusOf(store.orderId)).toBe('pending');
    // What the first test saw the job do, done by hand, shows the order was due all along.
    await store.app.orders.expireOverdueOrders();
    expect(await statusOf(store.orderId)).toBe('cancelled');
  });
});
