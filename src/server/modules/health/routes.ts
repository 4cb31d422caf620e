import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const Health = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });
const Readiness = z.object({
  status: z.enum(['ready', 'degraded', 'not_ready']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'not_configured']),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: Health, 503: Health } }, logLevel: 'warn' },
    async (_request, reply) => {
      const databaseUp = await app.database.ping();
      reply.header('cache-control', 'no-store');
      return reply
        .code(databaseUp ? 200 : 503)
        .send({ status: databaseUp ? 'ok' : 'degraded', database: databaseUp ? 'up' : 'down' });
    },
  );

  // For the load balancer: send traffic here while the database answers. Redis only holds rate
  // limit counters, which fall back to the database, so its outage is reported ('degraded') but
  // keeps the instance in service (decision 0053): taking every instance out at once would stop
  // the store. While the instance shuts down Fastify answers 503 to new requests, so it drains.
  app.get(
    '/ready',
    { schema: { response: { 200: Readiness, 503: Readiness } }, logLevel: 'warn' },
    async (_request, reply) => {
      const [databaseUp, redisUp] = await Promise.all([
        app.database.ping(),
        app.redis ? app.redis.ping() : Promise.resolve(null),
      ]);
      reply.header('cache-control', 'no-store');
      return reply.code(databaseUp ? 200 : 503).send({
        status: !databaseUp ? 'not_ready' : redisUp === false ? 'degraded' : 'ready',
        database: databaseUp ? 'up' : 'down',
        redis: redisUp === null ? 'not_configured' : redisUp ? 'up' : 'down',
      });
    },
  );
};
