import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StoreSettings } from '../../../shared/store-settings';
import { storeSettingsFrom } from './store-settings';

export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = storeSettingsFrom(app.config);
  app.get('/config', { schema: { response: { 200: StoreSettings } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return settings;
  });
};
