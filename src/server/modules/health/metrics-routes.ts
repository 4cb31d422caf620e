import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { notFound, unauthorized } from '../../errors';
import { createMetrics } from './metrics';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `GET /metrics` in Prometheus' text format, for a scraper holding METRICS_TOKEN as a bearer
 * token. Without METRICS_TOKEN the route does not exist for anyone (404). Installed on the root
 * instance before the other routes, so its timing hook sees every request.
 */
export function installMetrics(app: FastifyInstance) {
  const token = app.config.METRICS_TOKEN;
  const metrics = token ? createMetrics(app) : null;

  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    if (!token || !metrics) throw notFound('Not found');
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, token)) throw unauthorized('A valid metrics token is required');
    await metrics.refresh();
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
