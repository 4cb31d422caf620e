import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const Health = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });

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
};
