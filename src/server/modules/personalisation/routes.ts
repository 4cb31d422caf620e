import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PersonalisationPhotoResponse } from '../../../shared/api/personalisation';
import {
  PERSONALISATION_MESSAGES,
  PERSONALISATION_PHOTO_MAX_BYTES,
} from '../../../shared/personalisation-rules';
import { tooMany } from '../../errors';
import { readUploadedFile } from '../../http/uploads';
import { createAttemptLimiter } from '../auth';
import { storePersonalisationPhoto } from './personalisation-photos';

const TooLarge = z.object({ message: z.string(), requestId: z.string() });
const SEND_A_PHOTO = 'Send the photo as a file';

// A shopper tries a few photos for a few products; more from one connection in an hour is a script.
export const PERSONALISATION_PHOTO_LIMIT = {
  name: 'personalisation-photo-ip',
  attempts: 30,
  windowSeconds: 60 * 60,
};

/**
 * POST /api/personalisation/photos. Anyone may upload (a shopper need not be signed in
 * to fill a cart), so it is limited per connection like the other anonymous writes.
 */
export const personalisationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: PERSONALISATION_PHOTO_MAX_BYTES, files: 1, fields: 0 },
  });
  const perIp = createAttemptLimiter(app.limiterStore, PERSONALISATION_PHOTO_LIMIT);

  app.post(
    '/personalisation/photos',
    { schema: { response: { 201: PersonalisationPhotoResponse, 413: TooLarge } } },
    async (request, reply) => {
      const wait = await perIp.consume(request.ip);
      if (wait > 0)
        throw tooMany('Too many photo uploads from this connection. Please try again later.', wait);
      const bytes = await readUploadedFile(request, {
        missing: SEND_A_PHOTO,
        tooLarge: PERSONALISATION_MESSAGES.photoTooLarge,
      });
      return reply.code(201).send({ photo: await storePersonalisationPhoto(app.imageStorage, bytes) });
    },
  );
};
