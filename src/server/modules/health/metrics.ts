import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { readJobQueues, readOrderTotals } from './job-queues';

/**
 * Prometheus metrics of one instance: request rate and latency by route (this process), and
 * store-wide figures read from the database at scrape time (orders, payment failures, job queues),
 * which every instance reports alike: aggregate those with max(), not sum(). See docs/operations.md.
 */
export function createMetrics(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'utsav_process_' });

  const requests = new Counter({
    name: 'utsav_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'utsav_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL, so ids and queries do not explode the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  const orders = new Gauge({
    name: 'utsav_orders',
    help: 'Store-wide order totals since the store began: created, paid, expired (unpaid in time)',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const paymentFailures = new Gauge({
    name: 'utsav_payment_failures',
    help: 'Store-wide failed payment attempts recorded',
    registers: [registry],
  });
  const queueDepth = new Gauge({
    name: 'utsav_job_queue_depth',
    help: 'Work waiting per background job: overdue unpaid orders, due mail, unprocessed webhooks',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  });
  const pool = new Gauge({
    name: 'utsav_db_pool_connections',
    help: 'PostgreSQL pool connections of this instance by state (absent on the embedded database)',
    labelNames: ['state'] as const,
    registers: [registry],
  });

  const readSeconds = new Gauge({
    name: 'utsav_metrics_database_read_seconds',
    help: 'Time taken to read the store-wide figures for this scrape',
    registers: [registry],
  });

  return {
    registry,
    /**
     * Reads the store-wide figures into the gauges; the route awaits it before serialising
     * (prom-client collects gauges concurrently, so one gauge cannot fill the others).
     */
    async refresh() {
      const started = performance.now();
      const [totals, queues] = await Promise.all([
        readOrderTotals(app.db),
        readJobQueues(app.db, app.clock.now()),
      ]);
      orders.set({ state: 'created' }, totals.created);
      orders.set({ state: 'paid' }, totals.paid);
      orders.set({ state: 'expired' }, totals.expired);
      paymentFailures.set(totals.paymentFailures);
      queueDepth.set({ queue: 'order-expiry', state: 'pending' }, queues.orderExpiry.pending);
      queueDepth.set({ queue: 'order-expiry', state: 'overdue' }, queues.orderExpiry.overdue);
      queueDepth.set({ queue: 'mail', state: 'queued' }, queues.mail.queued);
      queueDepth.set({ queue: 'mail', state: 'due' }, queues.mail.due);
      queueDepth.set({ queue: 'mail', state: 'failed' }, queues.mail.failed);
      queueDepth.set({ queue: 'webhooks', state: 'unprocessed' }, queues.webhooks.unprocessed);
      queueDepth.set({ queue: 'webhooks', state: 'failing' }, queues.webhooks.failing);
      const stats = app.database.poolStats();
      if (stats) {
        pool.set({ state: 'total' }, stats.total);
        pool.set({ state: 'idle' }, stats.idle);
        pool.set({ state: 'waiting' }, stats.waiting);
        pool.set({ state: 'max' }, stats.max);
      }
      readSeconds.set((performance.now() - started) / 1000);
    },
  };
}
