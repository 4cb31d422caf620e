import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from '../../../shared/api/admin';
import { RefundsOwed, ReturnedParcelResponse } from '../../../shared/api/courier';
import { OrderIdParams } from '../../../shared/api/orders';
import { NewReturn, ReturnIdParams, ReturnPhotoParams, ReturnResponse } from '../../../shared/api/returns';
import { RefundPayee, RefundPayeePage } from '../../../shared/refund-payee';
import { canUseRoute } from '../../../shared/staff-roles';
import { readUploadedFile } from '../../http/uploads';

const PayeeToken = z.object({ token: z.string().min(1).max(1000) });
const PayeeTaken = z.object({ received: z.boolean() });
const TooLarge = z.object({ message: z.string(), requestId: z.string() });
const SEND_A_PHOTO = 'Send the photo as a file';

/** The customer's return requests, their photos, and the photos' bytes. */
export const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 2 } });

  app.post(
    '/orders/:id/returns',
    {
      schema: { params: OrderIdParams, body: NewReturn, response: { 201: ReturnResponse } },
      preHandler: app.requireUser,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ return: await app.returns.request(request.user.id, request.params.id, request.body) }),
  );

  // Decision 0067: the signed page of a cash on delivery refund's UPI ID or bank account. The
  // token is the only key (no sign-in: the link comes in a message), and works once.
  app.get(
    '/refund-details',
    { schema: { querystring: PayeeToken, response: { 200: RefundPayeePage } } },
    async (request) => app.returns.payeePage(request.query.token),
  );
  app.post(
    '/refund-details',
    { schema: { body: PayeeToken.extend({ payee: RefundPayee }), response: { 200: PayeeTaken } } },
    async (request) => {
      await app.returns.givePayee(request.body.token, request.body.payee);
      return { received: true };
    },
  );

  app.post(
    '/returns/:id/photos',
    {
      schema: { params: ReturnIdParams, response: { 201: ReturnResponse, 413: TooLarge } },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const bytes = await readUploadedFile(request, {
        missing: SEND_A_PHOTO,
        tooLarge: IMAGE_TOO_LARGE_MESSAGE,
      });
      return reply
        .code(201)
        .send({ return: await app.returns.addPhoto(request.user.id, request.params.id, bytes) });
    },
  );

  app.get(
    '/returns/:id/photos/:photoId',
    { schema: { params: ReturnPhotoParams }, preHandler: app.requireUser },
    async (request, reply) => {
      // Staff whose role includes the back office's returns see every return's photos; anyone
      // else (a customer, or staff of another desk) only those of their own returns.
      const seesEveryReturn =
        request.user.role === 'admin' && canUseRoute(request.user.staffRole, 'GET', '/api/admin/returns');
      const viewer = seesEveryReturn ? null : request.user.id;
      const photo = await app.returns.photo(request.params.id, request.params.photoId, viewer);
      return (
        reply
          .header('content-type', photo.contentType)
          // A customer's photo of what they return is personal: no cache keeps it.
          .header('cache-control', 'no-store')
          .send(photo.bytes)
      );
    },
  );
};

const OrderParams = z.object({ id: z.string().max(64) });

/** Parcels the courier brought back to the store (decision 0064): the owner's check-in and refunds. */
export const returnedParcelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  // Decision 0064: a parcel the courier brought back is checked in; its refund made or owed.
  app.get(
    '/admin/orders/:id/returned-parcel',
    { schema: { params: OrderParams, response: { 200: ReturnedParcelResponse } } },
    async (request) => ({ returnedParcel: await app.returnedParcels.stateOf(request.params.id) }),
  );
  app.post(
    '/admin/orders/:id/returned-parcel/check-in',
    { schema: { params: OrderParams, response: { 200: ReturnedParcelResponse } } },
    async (request) => ({
      returnedParcel: await app.returnedParcels.checkIn(request.params.id, {
        id: request.user.id,
        role: request.user.staffRole,
      }),
    }),
  );
  app.post(
    '/admin/orders/:id/returned-parcel/refund',
    { schema: { params: OrderParams, response: { 200: ReturnedParcelResponse } } },
    async (request) => ({
      returnedParcel: await app.returnedParcels.refundNow(request.params.id, request.user.staffRole),
    }),
  );
  app.get('/admin/refunds-owed', { schema: { response: { 200: RefundsOwed } } }, async () =>
    app.returnedParcels.owed(),
  );
};
