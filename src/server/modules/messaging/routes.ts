import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminMessages,
  AdminMessagesQuery,
  Msg91InboundBody,
  Msg91WebhookBody,
  Msg91WebhookQuery,
  WebhookReceived,
  WhatsAppHandshakeQuery,
} from '../../../shared/api/messaging';
import { forbidden } from '../../errors';

// Cloud API webhooks carry a few statuses or messages: kilobytes.
export const WHATSAPP_WEBHOOK_BODY_LIMIT = 256 * 1024;

/** The providers' webhooks (DESIGN 6) and the back office's list of sandbox messages. */
export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/messages',
    {
      schema: { querystring: AdminMessagesQuery, response: { 200: AdminMessages } },
      preHandler: app.requireAdmin,
    },
    (request) => app.messaging.sandbox.list(request.query.page),
  );

  app.get(
    '/messaging/whatsapp/webhook',
    { schema: { querystring: WhatsAppHandshakeQuery } },
    async (request, reply) => {
      const challenge = app.messaging.webhooks.whatsapp.challenge(request.query);
      if (challenge === null) throw forbidden('The verify token does not match');
      return reply.type('text/plain').send(challenge);
    },
  );

  app.post(
    '/messaging/msg91/delivery',
    {
      schema: { querystring: Msg91WebhookQuery, body: Msg91WebhookBody, response: { 200: WebhookReceived } },
    },
    async (request) => {
      await app.messaging.webhooks.msg91.receive(request.query.token, request.body);
      return { received: true as const };
    },
  );

  // A reply by SMS (STOP): MSG91's virtual number forwards it here, with the same token in the URL.
  app.post(
    '/messaging/msg91/inbound',
    {
      schema: { querystring: Msg91WebhookQuery, body: Msg91InboundBody, response: { 200: WebhookReceived } },
    },
    async (request) => {
      await app.messaging.webhooks.msg91.inbound(request.query.token, request.body);
      return { received: true as const };
    },
  );

  // X-Hub-Signature-256 covers the exact bytes Meta sent, so this route alone keeps the raw body.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WHATSAPP_WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    webhook.post(
      '/messaging/whatsapp/webhook',
      { schema: { response: { 200: WebhookReceived } } },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-hub-signature-256'];
        await app.messaging.webhooks.whatsapp.receive(
          rawBody,
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true as const };
      },
    );
  });
};
