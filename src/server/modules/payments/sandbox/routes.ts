import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatPaise } from '../../../../shared/money';
import { conflict, notFound } from '../../../errors';
import { sandboxId } from '../../payment-providers';
import { SandboxPayment } from './sandbox-service';

const ASSETS = ['checkout.js', 'pay.js', 'pay.css'] as const;
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

const read = (name: string) => fs.readFileSync(path.join(import.meta.dirname, name), 'utf8');

const ProviderOrderParams = z.object({ orderId: z.string().min(1).max(100) });
const SandboxOrderQuery = z.object({ key_id: z.string().max(100).optional() });

const SandboxOrder = z.object({
  id: z.string(),
  amount: z.number().int(),
  amountDisplay: z.string(),
  currency: z.literal('INR'),
  receipt: z.string(),
  storeName: z.string(),
  status: z.enum(['created', 'paid']),
});

const PaymentParams = z.object({ paymentId: z.string().min(1).max(100) });

const SandboxRefundList = z.object({
  entity: z.literal('collection'),
  count: z.number().int(),
  items: z.array(
    z.object({
      id: z.string(),
      entity: z.literal('refund'),
      payment_id: z.string(),
      amount: z.number().int(),
      currency: z.literal('INR'),
      receipt: z.string(),
      status: z.literal('processed'),
      created_at: z.number().int(),
    }),
  ),
});

const SandboxPayResult = z.union([
  z.object({
    razorpay_payment_id: z.string(),
    razorpay_order_id: z.string(),
    razorpay_signature: z.string(),
  }),
  z.object({
    error: z.object({
      code: z.string(),
      description: z.string(),
      source: z.string(),
      step: z.string(),
      reason: z.string(),
      metadata: z.object({ order_id: z.string(), payment_id: z.string() }),
    }),
  }),
]);

/**
 * DESIGN 4 built-in provider, served under /sandbox (outside /api, as a provider lives on its own
 * host): checkout.js with Razorpay's constructor, the hosted window, and the window's calls. It is
 * only registered when the sandbox is the configured provider.
 */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sandboxProvider: sandbox, sandbox: service } = app;
  if (!sandbox || !service) return;
  const page = read('pay.html');
  const assets = new Map(ASSETS.map((name) => [name, read(name)]));

  for (const [name, body] of assets) {
    app.get(`/${name}`, async (_request, reply) =>
      reply
        .type(CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream')
        .header('cache-control', 'no-cache')
        .send(body),
    );
  }

  app.get('/pay', async (_request, reply) => {
    // The one page the store's own pages may frame (DESIGN 5): frame-ancestors 'self' here only.
    const policy = String(reply.getHeader('content-security-policy') ?? '');
    reply.header(
      'content-security-policy',
      policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
    );
    reply.header('x-frame-options', 'SAMEORIGIN');
    return reply.type(CONTENT_TYPES['.html']!).header('cache-control', 'no-store').send(page);
  });

  app.get(
    '/api/orders/:orderId',
    {
      schema: {
        params: ProviderOrderParams,
        querystring: SandboxOrderQuery,
        response: { 200: SandboxOrder },
      },
    },
    async (request, reply) => {
      if (request.query.key_id !== undefined && request.query.key_id !== sandbox.keyId) {
        throw notFound('Unknown key. Open the payment window with the store key.');
      }
      const order = await service.findOrder(request.params.orderId);
      if (!order) throw notFound('Payment order not found');
      reply.header('cache-control', 'no-store');
      return {
        id: request.params.orderId,
        amount: order.totalPaise,
        amountDisplay: formatPaise(order.totalPaise),
        currency: 'INR' as const,
        receipt: order.orderNumber,
        storeName: app.config.STORE_NAME,
        status: order.paid ? ('paid' as const) : ('created' as const),
      };
    },
  );

  // What the sandbox refunded of a payment, as Razorpay's GET /payments/:id/refunds.
  app.get(
    '/api/payments/:paymentId/refunds',
    { schema: { params: PaymentParams, response: { 200: SandboxRefundList } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const items = sandbox.refundsOf(request.params.paymentId).map((refund) => ({
        ...refund,
        entity: 'refund' as const,
        currency: 'INR' as const,
        status: 'processed' as const,
      }));
      return { entity: 'collection' as const, count: items.length, items };
    },
  );

  app.post(
    '/api/orders/:orderId/pay',
    {
      schema: { params: ProviderOrderParams, body: SandboxPayment, response: { 200: SandboxPayResult } },
      bodyLimit: 4 * 1024,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const order = await service.findOrder(request.params.orderId);
      if (!order) throw notFound('Payment order not found');
      // As Razorpay does: an order that has taken a payment takes no other.
      if (order.paid) throw conflict('This order has already been paid');
      return service.pay(request.params.orderId, order.totalPaise, request.body, sandboxId('pay'));
    },
  );
};
