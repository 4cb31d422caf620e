import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateOrderResponse } from '../../../shared/api/payments';
import {
  CreatedQuoteResponse,
  NewQuote,
  QuoteAccessQuery,
  QuoteIdParams,
  QuotePaymentPayload,
  QuotePreview,
  QuoteResponse,
} from '../../../shared/api/quotes';

/**
 * Decision 0017: the owner's bulk quotes (/api/admin/quotes) and the customer's payable link
 * (/api/quotes/{orderId}; paying it goes on through /api/payments/verify-payment as any order).
 * The link's key opens the quote without an account; paying it needs one.
 */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { quotes } = app;

  app.get(
    '/quotes/:orderId',
    {
      onRequest: app.optionalUser,
      schema: { params: QuoteIdParams, querystring: QuoteAccessQuery, response: { 200: QuoteResponse } },
    },
    async (request) => ({
      quote: await quotes.get(request.currentUser, request.params.orderId, request.query.key),
    }),
  );
  app.post(
    '/quotes/:orderId/payment',
    {
      onRequest: app.requireUser,
      schema: {
        params: QuoteIdParams,
        querystring: QuoteAccessQuery,
        body: QuotePaymentPayload,
        response: { 200: CreateOrderResponse },
      },
    },
    async (request) =>
      quotes.startPayment(
        request.user,
        request.params.orderId,
        request.query.key,
        request.body?.paymentMethod ?? 'online',
      ),
  );

  const adminQuoteRoutes: FastifyPluginAsyncZod = async (admin) => {
    // onRequest, as for every /api/admin route: refused before the body is read.
    admin.addHook('onRequest', app.requireAdmin);
    admin.post(
      '/admin/quotes/preview',
      { schema: { body: NewQuote, response: { 200: QuotePreview } } },
      async (request) => quotes.preview(request.body),
    );
    admin.post(
      '/admin/quotes',
      { schema: { body: NewQuote, response: { 201: CreatedQuoteResponse } } },
      async (request, reply) => reply.code(201).send(await quotes.create(request.user.id, request.body)),
    );
  };
  await app.register(adminQuoteRoutes);
};
