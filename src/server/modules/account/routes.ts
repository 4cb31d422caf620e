import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EraseAccountPayload, EraseAccountResponse } from '../../../shared/api/account';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Decision 0058 (DPDP Act s.12): a shopper erases their own account.
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
};
