import { describe, expect, it } from 'vitest';
import { createTestProduct, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import { createTestApp, createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

const METRICS_TOKEN = 'scrape-me-please-0123456789';
const clock = createTestClock('2031-03-10T06:00:00.000Z');
const store = setUpTestStore({ clock, env: { BACKGROUND_JOBS: 'false', METRICS_TOKEN }, seed: seedPincodes });

const scrape = (token = METRICS_TOKEN) =>
  store.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });

/** The value of one sample line, e.g. `utsav_orders{state="paid"}`. */
const sampleOf = (text: string, sample: string) => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
};

describe('GET /api/ready', () => {
  it('answers 200 when the database (and Redis, when configured) answer', async () => {
    const response = await store.app.inject('/api/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      database: 'up',
      redis: process.env.TEST_REDIS_URL ? 'up' : 'not_configured',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 200, degraded, while the configured Redis cannot be reached (the counters fall back to the database)', async () => {
    // Nothing listens on port 1 of this machine.
    const stranded = await createTestApp(store.database, {
      env: { BACKGROUND_JOBS: 'false', REDIS_URL: 'redis://127.0.0.1:1' },
    });
    try {
      const response = await stranded.inject('/api/ready');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'degraded', database: 'up', redis: 'down' });
      // Liveness does not depend on Redis: the process itself is fine.
      expect((await stranded.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await stranded.close();
    }
  });
});

describe('GET /metrics', () => {
  it('is not there at all without METRICS_TOKEN', async () => {
    const bare = await createTestApp(store.database, { env: { BACKGROUND_JOBS: 'false' } });
    try {
      expect((await bare.inject('/metrics')).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('refuses a scraper without the token', async () => {
    expect((await store.app.inject('/metrics')).statusCode).toBe(401);
    const wrong = await scrape('not-the-right-token-at-all');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('A valid metrics token is required');
  });

  it('exports the event-loop delay (a blocked loop shows before health stops answering)', async () => {
    const text = (await scrape()).body;
    // prom-client's default metrics sample it with perf_hooks.monitorEventLoopDelay.
    for (const name of ['lag_seconds', 'lag_p50_seconds', 'lag_p99_seconds', 'lag_max_seconds']) {
      expect(text).toContain(`# TYPE utsav_process_nodejs_eventloop_${name} gauge`);
      expect(sampleOf(text, `utsav_process_nodejs_eventloop_${name}`)).toBeGreaterThanOrEqual(0);
    }
  });

  it('counts requests by route pattern and reports orders and the job queues', async () => {
    const shopper = await store.newCustomer();
    const product = await createTestProduct(store.database, { stock: 5 });
    await placeOrder(store.app, shopper.headers, [{ product, quantity: 2 }]);
    await placeOrder(store.app, shopper.headers, [{ product, quantity: 1 }]);
    await store.app.inject({ url: `/api/products/${product.id}` });
    await store.app.inject({ url: '/api/products/999999' });

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(
      sampleOf(
        text,
        'utsav_http_requests_total{method="POST",route="/api/payments/create-order",status="200"}',
      ),
    ).toBe(2);
    expect(
      sampleOf(text, 'utsav_http_requests_total{method="GET",route="/api/products/:id",status="200"}'),
    ).toBe(1);
    expect(
      sampleOf(text, 'utsav_http_requests_total{method="GET",route="/api/products/:id",status="404"}'),
    ).toBe(1);
    expect(
      sampleOf(text, 'utsav_http_request_duration_seconds_count{method="GET",route="/api/products/:id"}'),
    ).toBe(2);
    expect(sampleOf(text, 'utsav_orders{state="created"}')).toBe(2);
    expect(sampleOf(text, 'utsav_orders{state="paid"}')).toBe(0);
    expect(sampleOf(text, 'utsav_payment_failures')).toBe(0);
    expect(sampleOf(text, 'utsav_job_queue_depth{queue="order-expiry",state="pending"}')).toBe(2);
    // The pool of the PostgreSQL run (test databases open 20 connections at most); none on PGlite.
    expect(sampleOf(text, 'utsav_db_pool_connections{state="max"}')).toBe(
      store.database.kind === 'postgres' ? 20 : undefined,
    );
    expect(sampleOf(text, 'utsav_job_queue_depth{queue="order-expiry",state="overdue"}')).toBe(0);

    // Past the expiry time both unpaid orders are waiting for the sweep.
    clock.set('2031-03-10T07:00:00.000Z');
    expect(
      sampleOf((await scrape()).body, 'utsav_job_queue_depth{queue="order-expiry",state="overdue"}'),
    ).toBe(2);
    await store.app.orders.expireOverdueOrders();
    const afterSweep = (await scrape()).body;
    expect(sampleOf(afterSweep, 'utsav_job_queue_depth{queue="order-expiry",state="overdue"}')).toBe(0);
    expect(sampleOf(afterSweep, 'utsav_orders{state="expired"}')).toBe(2);
  });
});
