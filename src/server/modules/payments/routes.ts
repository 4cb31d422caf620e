import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrderRecord } from '../../../shared/api/orders';
import {
  CodEligibility,
  CodEligibilityRequest,
  CreateOrderHeaders,
  CreateOrderPayload,
  PaymentConfig,
  PaymentFailedPayload,
  PaymentFailedResponse,
  PlaceOrderResponse,
  VerifyPaymentPayload,
  VerifyPaymentResponse,
  WebhookResponse,
} from '../../../shared/api/payments';

// Razorpay's webhook bodies are a few kilobytes.
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** SPEC 7 /api/payments/*: the checkout calls, and the provider's webhook. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/payments/config', { schema: { response: { 200: PaymentConfig } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return {
      provider: app.paymentProvider.name,
      keyId: app.paymentProvider.keyId,
      checkoutScript: app.paymentProvider.checkoutScriptUrl,
    };
  });

  app.post(
    '/payments/create-order',
    {
      schema: {
        headers: CreateOrderHeaders,
        body: CreateOrderPayload,
        response: { 200: PlaceOrderResponse },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      await app.orderAllowance.placing(request.user.id, request.ip);
      return app.orders.createOrder(request.user.id, request.body, request.headers['idempotency-key']);
    },
  );

  // Decision 0042: whether the payment page may offer cash on delivery for this cart, and why not.
  app.post(
    '/payments/cod-eligibility',
    {
      schema: { body: CodEligibilityRequest, response: { 200: CodEligibility } },
      preHandler: app.requireUser,
    },
    async (request) => app.cashOnDelivery.eligibility(request.user.id, request.body),
  );

  app.post(
    '/payments/verify-payment',
    {
      schema: { body: VerifyPaymentPayload, response: { 200: VerifyPaymentResponse } },
      preHandler: app.requireUser,
    },
    async (request) => app.payments.verifyPayment(request.user.id, request.body),
  );

  // Decision 0085: the difference of a change of address held until paid, from the order page.
  app.post(
    '/payments/verify-address-change',
    {
      schema: { body: VerifyPaymentPayload, response: { 200: OrderRecord } },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { orderId, ...signed } = request.body;
      await app.payments.verifyEditPayment(request.user.id, orderId, signed);
      return app.orders.getOrder(request.user.id, orderId);
    },
  );

  app.post(
    '/payments/payment-failed',
    {
      schema: { body: PaymentFailedPayload, response: { 200: PaymentFailedResponse } },
      preHandler: app.requireUser,
    },
    async (request) => app.payments.recordPaymentFailure(request.user.id, request.body),
  );

  // The signature covers the exact bytes Razorpay sent, so this route alone keeps the raw body.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    webhook.post('/payments/webhook', { schema: { response: { 200: WebhookResponse } } }, async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const { duplicate } = await app.payments.receiveWebhook({
        rawBody,
        signature: header('x-razorpay-signature'),
        eventId: header('x-razorpay-event-id'),
      });
      return { received: true as const, duplicate };
    });
  });
};
