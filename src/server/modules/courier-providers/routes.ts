import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tooMany, waitInWords } from '../../errors';

/** The most a courier's request (a tracking scan, a booking in the sandbox) may hold. */
export const COURIER_BODY_LIMIT = 64 * 1024;

/** /sandbox/courier/*: the built-in courier's Shiprocket-shaped API (when it is the courier). */
export const sandboxCourierRoutes: FastifyPluginAsyncZod = async (app) => {
  const sandbox = app.sandboxCourier;
  if (!sandbox) return;
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://sandbox.local');
    const base = `${request.protocol}://${request.host}/sandbox/courier`;
    const answered = await sandbox.handle({
      method: request.method,
      path: `${url.pathname.replace(/^\/sandbox\/courier/, '')}${url.search}`,
      headers: { authorization: request.headers.authorization, 'x-sandbox-base': base },
      body: request.body,
    });
    if (answered.pdf) return reply.code(answered.status).type('application/pdf').send(answered.pdf);
    return reply.code(answered.status).send(answered.json);
  };
  // Labels carry a customer's name, address and phone, so reads are limited per address; the
  // store's own calls reach the sandbox in-process, not through these routes.
  app.get('/courier/*', async (request, reply) => {
    const wait = await app.sandboxCourierReads.consume(request.ip);
    if (wait > 0) throw tooMany(`Too many requests. Please try again in ${waitInWords(wait)}.`, wait);
    return answer(request, reply);
  });
  app.post('/courier/*', { bodyLimit: COURIER_BODY_LIMIT }, answer);
};
