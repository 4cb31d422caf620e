import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CorrectNamePayload, EraseAccountPayload, EraseAccountResponse } from '../../../shared/api/account';
import { MeResponse } from '../../../shared/api/auth';
import { userJson } from '../auth';
import { exportAccountData } from './export-data';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Decision 0063 (DPDP Act s.12): a shopper erases their own account.
  app.post(
    '/account/erase',
    {
      schema: { body: EraseAccountPayload, response: { 200: EraseAccountResponse } },
      preHandler: app.requireUser,
    },
    async (request) => {
      await app.account.erase({ ...request.body, userId: request.user.id, ip: request.ip });
      return { erased: true as const };
    },
  );

  // Decision 0063 (DPDP Act s.12): the shopper corrects their name.
  app.put(
    '/account/name',
    { schema: { body: CorrectNamePayload, response: { 200: MeResponse } }, preHandler: app.requireUser },
    async (request) => {
      await app.account.correctName(request.user.id, request.body.fullName);
      return { user: userJson({ ...request.user, fullName: request.body.fullName }) };
    },
  );

  // Decision 0063 (DPDP Act s.11): the shopper's own data, as a JSON file.
  app.get('/account/export', { preHandler: app.requireUser }, async (request, reply) => {
    await app.account.exportLimiter(request.user.id);
    const data = await exportAccountData(app.db, request.user.id, app.clock.now());
    return reply
      .header(
        'content-disposition',
        `attachment; filename="utsav-gifts-my-data-${data.exportedAt.slice(0, 10)}.json"`,
      )
      .header('cache-control', 'no-store')
      .type('application/json')
      .send(JSON.stringify(data, null, 2));
  });
};
