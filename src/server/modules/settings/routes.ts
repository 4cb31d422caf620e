import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OwnerSettings, OwnerSettingsResponse } from '../../../shared/owner-settings';

/** /api/admin/settings: the owner's settings page; owners only (staff-roles.ts). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings } = app;
  app.addHook('onRequest', app.requireAdmin);

  const answer = async () => {
    const snapshot = await settings.get();
    return {
      settings: snapshot.values,
      saved: snapshot.version > 0,
      history: await settings.history('settings'),
    };
  };

  app.get('/admin/settings', { schema: { response: { 200: OwnerSettingsResponse } } }, answer);
  app.put(
    '/admin/settings',
    { schema: { body: OwnerSettings, response: { 200: OwnerSettingsResponse } } },
    async (request) => {
      await settings.save(request.body, { id: request.user.id, email: request.user.email });
      return answer();
    },
  );
};
