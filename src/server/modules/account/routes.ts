import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CorrectNamePayload,
  CorrectPhonePayload,
  EmailChanged,
  EmailChangeLink,
  EmailChangeRequested,
  EmailChangeTokenParams,
  EraseAccountPayload,
  EraseAccountResponse,
  RequestEmailChange,
} from '../../../shared/api/account';
import { MeResponse } from '../../../shared/api/auth';
import { publicOrigin } from '../../http/public-origin';
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

  // Decision 0075 (DPDP Act s.12): a new mobile number, proved by the code sent to it.
  app.post(
    '/account/phone',
    { schema: { body: CorrectPhonePayload, response: { 200: MeResponse } }, preHandler: app.requireUser },
    async (request) => ({
      user: userJson(
        await app.account.correctPhone({ ...request.body, userId: request.user.id, ip: request.ip }),
      ),
    }),
  );

  // Decision 0075 (DPDP Act s.12): a new e-mail, changed once the link mailed to it comes back.
  app.post(
    '/account/email',
    {
      schema: { body: RequestEmailChange, response: { 200: EmailChangeRequested } },
      preHandler: app.requireUser,
    },
    (request) =>
      app.account.requestEmailChange({
        userId: request.user.id,
        email: request.body.email,
        origin: publicOrigin(request),
      }),
  );
  // The link's token alone opens these: it may be opened on another device, signed out.
  app.get(
    '/account/email/:token',
    { schema: { params: EmailChangeTokenParams, response: { 200: EmailChangeLink } } },
    (request) => app.account.describeEmailChange(request.params.token),
  );
  app.post(
    '/account/email/:token',
    { schema: { params: EmailChangeTokenParams, response: { 200: EmailChanged } } },
    (request) => app.account.confirmEmailChange(request.params.token),
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
