import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminGroupGiftList,
  AdminGroupGiftQuery,
  ChooseReplacementPayload,
  ConfirmContributionPayload,
  ConfirmContributionResponse,
  ContributePayload,
  ContributeResponse,
  ContributionParams,
  EditGroupGiftPayload,
  GroupGiftToken,
  GroupGiftView,
  OpenGroupGiftPayload,
  OpenGroupGiftResponse,
  ReplacementGiftList,
} from '../../../shared/api/group-gifts';

/**
 * Decision 0084: /api/group-gifts. The organiser opens a pool (signed in); its token alone opens
 * its page; friends signed in by a one-time code chip in through the payment provider. A pool met
 * as its gift sold out waits for its organiser to choose another gift, or refund everyone (close).
 */
export const groupGiftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/group-gifts',
    {
      schema: { body: OpenGroupGiftPayload, response: { 201: OpenGroupGiftResponse } },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      await app.orderAllowance.placing(request.user.id, request.ip);
      return reply.code(201).send(await app.groupGifts.open(request.user.id, request.body));
    },
  );

  app.get(
    '/group-gifts/:token',
    { schema: { params: GroupGiftToken, response: { 200: GroupGiftView } }, preHandler: app.optionalUser },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.groupGifts.view(request.params.token, request.currentUser?.id ?? null);
    },
  );

  app.patch(
    '/group-gifts/:token',
    {
      schema: { params: GroupGiftToken, body: EditGroupGiftPayload, response: { 200: GroupGiftView } },
      preHandler: app.requireUser,
    },
    async (request) => app.groupGifts.edit(request.user.id, request.params.token, request.body),
  );

  app.post(
    '/group-gifts/:token/close',
    // It reads no body; it takes none of any size.
    {
      bodyLimit: 1024,
      schema: { params: GroupGiftToken, response: { 200: GroupGiftView } },
      preHandler: app.requireUser,
    },
    async (request) => app.groupGifts.close(request.user.id, request.params.token),
  );

  app.get(
    '/group-gifts/:token/replacements',
    {
      schema: { params: GroupGiftToken, response: { 200: ReplacementGiftList } },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await app.groupGifts.replacements(request.user.id, request.params.token) };
    },
  );

  app.post(
    '/group-gifts/:token/replacement',
    {
      schema: { params: GroupGiftToken, body: ChooseReplacementPayload, response: { 200: GroupGiftView } },
      preHandler: app.requireUser,
    },
    async (request) => app.groupGifts.chooseReplacement(request.user.id, request.params.token, request.body),
  );

  app.post(
    '/group-gifts/:token/contributions',
    {
      schema: { params: GroupGiftToken, body: ContributePayload, response: { 200: ContributeResponse } },
      preHandler: app.requireUser,
    },
    async (request) => {
      await app.orderAllowance.placing(request.user.id, request.ip);
      return app.groupGifts.contribute(request.user.id, request.params.token, request.body);
    },
  );

  app.post(
    '/group-gifts/:token/contributions/:id/verify',
    {
      schema: {
        params: ContributionParams,
        body: ConfirmContributionPayload,
        response: { 200: ConfirmContributionResponse },
      },
      preHandler: app.requireUser,
    },
    async (request) =>
      app.groupGifts.confirm(request.user.id, request.params.token, request.params.id, request.body),
  );
};

/** Decision 0084: the back office's pools (open, short, met, refunded) with their shares. */
export const groupGiftAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  app.get(
    '/admin/group-gifts',
    { schema: { querystring: AdminGroupGiftQuery, response: { 200: AdminGroupGiftList } } },
    async (request) => ({ data: await app.groupGifts.ownerList(request.query.state) }),
  );
};
