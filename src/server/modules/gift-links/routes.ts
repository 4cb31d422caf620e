import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptGiftLinkPayload,
  CreateGiftLinkPayload,
  GiftLinkToken,
  GiftLinkView,
} from '../../../shared/api/gift-links';
import { CreateOrderHeaders, CreateOrderResponse } from '../../../shared/api/payments';

/**
 * Decision 0081: /api/gift-links. The sender's checkout of a gift link (signed in, paid online like
 * any order), and the recipient's page, which the link's token alone opens: no account, ever.
 */
export const giftLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/gift-links',
    {
      schema: {
        headers: CreateOrderHeaders,
        body: CreateGiftLinkPayload,
        response: { 200: CreateOrderResponse },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      await app.orderAllowance.placing(request.user.id, request.ip);
      return app.orders.createGiftLinkOrder(
        request.user.id,
        request.body,
        request.headers['idempotency-key'],
      );
    },
  );

  app.get(
    '/gift-links/:token',
    { schema: { params: GiftLinkToken, response: { 200: GiftLinkView } } },
    async (request) => app.giftLinks.view(request.params.token),
  );

  app.post(
    '/gift-links/:token/accept',
    { schema: { params: GiftLinkToken, body: AcceptGiftLinkPayload, response: { 200: GiftLinkView } } },
    async (request) => app.giftLinks.accept(request.params.token, request.body),
  );

  app.post(
    '/gift-links/:token/decline',
    // It reads no body; a public route takes none of any size.
    { bodyLimit: 1024, schema: { params: GiftLinkToken, response: { 200: GiftLinkView } } },
    async (request) => app.giftLinks.decline(request.params.token),
  );
};
