import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../errors';
import { isPersonalImage } from '../storage/image-storage';

/**
 * `GET /media/<key>`: uploaded images kept in an S3-compatible bucket, served from the store's own
 * origin. Keys are never rewritten, so answers may be cached for a year. With local storage the
 * images are files under /uploads/ and this route is not registered.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  if (app.imageStorage.kind !== 's3') return;
  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
    const key = request.params['*'];
    const image = await app.imageStorage.read(key);
    if (!image) throw notFound('Not found');
    return reply
      .type(image.contentType)
      .header('cache-control', isPersonalImage(key) ? 'no-store' : 'public, max-age=31536000, immutable')
      .send(image.bytes);
  });
};
