import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from '../../../shared/api/admin';
import { OrderIdParams } from '../../../shared/api/orders';
import { NewReturn, ReturnIdParams, ReturnPhotoParams, ReturnResponse } from '../../../shared/api/returns';
import { canUseRoute } from '../../../shared/staff-roles';
import { readUploadedFile } from '../../http/uploads';

const TooLarge = z.object({ message: z.string(), requestId: z.string() });
const SEND_A_PHOTO = 'Send the photo as a file';

/** Issue 14: the customer's return requests, their photos, and the photos' bytes. */
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
          // Issue 21: a customer's photo of what they return is personal: no cache keeps it.
          .header('cache-control', 'no-store')
          .send(photo.bytes)
      );
    },
  );
};
