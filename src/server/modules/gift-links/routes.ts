import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptGiftLinkPayload,
  CreateGiftLinkPayload,
  GiftLinkResend,
  GiftLinkToken,
  GiftLinkView,
} from '../../../shared/api/gift-links';
import { OrderIdParams, OrderRecord } from '../../../shared/api/orders';
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

  // The sender's choice once the link expired: a full refund, or the address typed themselves.
  app.post(
    '/orders/:id/gift-link/refund',
    {
      bodyLimit: 1024,
      schema: { params: OrderIdParams, response: { 200: OrderRecord } },
      onRequest: app.requireUser,
    },
    async (request) => {
      await app.giftLinks.refundExpiredForSender(request.user.id, request.params.id);
      return app.orders.getOrder(request.user.id, request.params.id);
    },
  );
  app.post(
    '/orders/:id/gift-link/address',
    {
      schema: { params: OrderIdParams, body: AcceptGiftLinkPayload, response: { 200: OrderRecord } },
      onRequest: app.requireUser,
    },
    async (request) => {
      await app.giftLinks.addressExpiredForSender(request.user.id, request.params.id, request.body);
      return app.orders.getOrder(request.user.id, request.params.id);
    },
  );
  app.post(
    '/orders/:id/gift-link/resend',
    {
      schema: { params: OrderIdParams, body: GiftLinkResend, response: { 200: OrderRecord } },
      onRequest: app.requireUser,
    },
    async (request) => {
      await app.giftLinks.resend(request.user.id, request.params.id, request.body);
      return app.orders.getOrder(request.user.id, request.params.id);
    },
  );
};
