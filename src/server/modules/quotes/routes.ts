import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateOrderResponse } from '../../../shared/api/payments';
import { NewQuote, QuoteIdParams, QuotePreview, QuoteResponse } from '../../../shared/api/quotes';

/**
 * Issue 13 item 4: the owner's bulk quotes (/api/admin/quotes) and the customer's payable link
 * (/api/quotes/{orderId}; paying it goes on through /api/payments/verify-payment as any order).
 */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { quotes } = app;

  const customerQuoteRoutes: FastifyPluginAsyncZod = async (customer) => {
    customer.addHook('onRequest', app.requireUser);
    customer.get(
      '/quotes/:orderId',
      { schema: { params: QuoteIdParams, response: { 200: QuoteResponse } } },
      async (request) => ({ quote: await quotes.get(request.user.id, request.params.orderId) }),
    );
    customer.post(
      '/quotes/:orderId/payment',
      { schema: { params: QuoteIdParams, response: { 200: CreateOrderResponse } } },
      async (request) => quotes.startPayment(request.user.id, request.params.orderId),
    );
  };
  await app.register(customerQuoteRoutes);

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
      { schema: { body: NewQuote, response: { 201: QuoteResponse } } },
      async (request, reply) =>
        reply.code(201).send({ quote: await quotes.create(request.user.id, request.body) }),
    );
  };
  await app.register(adminQuoteRoutes);
};
