import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from '../../../shared/api/admin';
import {
  AcceptGiftLinkPayload,
  CreateGiftLinkBatchPayload,
  CreateGiftLinkBatchResponse,
  CreateGiftLinkPayload,
  GiftLinkRecipientList,
  GiftLinkRecipientRows,
  GiftLinkResend,
  GiftLinkTimedFee,
  GiftLinkToken,
  GiftLinkView,
} from '../../../shared/api/gift-links';
import { GiftThanksPayload } from '../../../shared/api/gift-thanks';
import { OrderIdParams, OrderRecord } from '../../../shared/api/orders';
import {
  CreateOrderHeaders,
  CreateOrderResponse,
  VerifyPaymentPayload,
  VerifyPaymentResponse,
} from '../../../shared/api/payments';
import { readUploadedFile } from '../../http/uploads';
import { openerOf } from './gift-link-service';
import { readRecipientList } from './recipient-list';

const TooLarge = z.object({ message: z.string(), requestId: z.string() });

/**
 * Decision 0081: /api/gift-links. The sender's checkout of a gift link (signed in, paid online like
 * any order), and the recipient's page, which the link's token alone opens: no account, ever.
 */
export const giftLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  // A thank-you's photo: the store's one image limit, as a return's photo has.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 2 } });

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
      return app.giftLinks.createGiftLinkOrder(
        request.user.id,
        request.body,
        request.headers['idempotency-key'],
      );
    },
  );

  // Many recipients in one checkout: every row checked, each bad one named, before any payment.
  app.post(
    '/gift-links/recipients',
    {
      schema: { body: GiftLinkRecipientList, response: { 200: GiftLinkRecipientRows } },
      preHandler: app.requireUser,
    },
    async (request) => readRecipientList(request.body.list),
  );

  // Decision 0090: one gift to every recipient of the list (checked again, by the same rule), paid once.
  app.post(
    '/gift-links/batches',
    {
      schema: {
        headers: CreateOrderHeaders,
        body: CreateGiftLinkBatchPayload,
        response: { 200: CreateGiftLinkBatchResponse },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { recipients } = readRecipientList(request.body.list);
      await app.orderAllowance.placing(request.user.id, request.ip);
      return app.giftLinks.createGiftLinkBatch(
        request.user.id,
        request.body,
        recipients,
        request.headers['idempotency-key'],
      );
    },
  );
  app.post(
    '/gift-links/batches/verify',
    {
      schema: { body: VerifyPaymentPayload, response: { 200: VerifyPaymentResponse } },
      preHandler: app.requireUser,
    },
    async (request) => app.payments.verifyBatchPayment(request.user.id, request.body),
  );

  // Checkout's "A timed slot" shows what it will cost; the price is worked out again on placing.
  app.get('/gift-links/timed-slot-fee', { schema: { response: { 200: GiftLinkTimedFee } } }, async () =>
    app.giftLinks.timedSlotFee(),
  );

  app.get(
    '/gift-links/:token',
    { schema: { params: GiftLinkToken, response: { 200: GiftLinkView } } },
    async (request) =>
      app.giftLinks.view(request.params.token, openerOf(request.ip, request.headers['user-agent'] ?? '')),
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

  // After delivery, the recipient may thank the sender: a note, then optionally its photo.
  app.post(
    '/gift-links/:token/thanks',
    { schema: { params: GiftLinkToken, body: GiftThanksPayload, response: { 200: GiftLinkView } } },
    async (request) => app.giftLinks.thank(request.params.token, request.body.note),
  );
  app.post(
    '/gift-links/:token/thanks/photo',
    { schema: { params: GiftLinkToken, response: { 200: GiftLinkView, 413: TooLarge } } },
    async (request) => {
      const bytes = await readUploadedFile(request, {
        missing: 'Send the photo as a file',
        tooLarge: IMAGE_TOO_LARGE_MESSAGE,
      });
      return app.giftLinks.addThanksPhoto(request.params.token, bytes);
    },
  );
  app.get(
    '/orders/:id/gift-link/thanks/photo',
    { schema: { params: OrderIdParams }, onRequest: app.requireUser },
    async (request, reply) => {
      const photo = await app.giftLinks.thanksPhotoForSender(request.user.id, request.params.id);
      // A friend's photo for the sender alone: no cache keeps it.
      return reply
        .header('content-type', photo.contentType)
        .header('cache-control', 'no-store')
        .send(photo.bytes);
    },
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
