import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StoreSettings } from '../../../shared/store-settings';
import { storeSettingsFrom } from './store-settings';

export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/config', { schema: { response: { 200: StoreSettings } } }, async (_request, reply) => {
    // The owner may change these at any time; a browser asks again each time (the
    // ETag-less answer is small) rather than keep an old shipping fee for minutes.
    reply.header('cache-control', 'no-cache');
    return storeSettingsFrom(app.config, (await app.settings.get()).values);
  });
};
