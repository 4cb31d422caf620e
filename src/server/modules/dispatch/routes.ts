import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DispatchJobList,
  DispatchJobParams,
  DispatchJobRequest,
  DispatchJobResponse,
} from '../../../shared/api/dispatch';

/** /api/admin/dispatch-jobs: the dispatch desk's bulk work, started here and done by the timer. */
export const dispatchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.post(
    '/admin/dispatch-jobs',
    { schema: { body: DispatchJobRequest, response: { 202: DispatchJobResponse } } },
    async (request, reply) =>
      reply.code(202).send({ job: await app.dispatch.create(request.body, request.user.id) }),
  );
  app.get('/admin/dispatch-jobs', { schema: { response: { 200: DispatchJobList } } }, async () => ({
    jobs: await app.dispatch.list(),
  }));
  app.get(
    '/admin/dispatch-jobs/:id',
    { schema: { params: DispatchJobParams, response: { 200: DispatchJobResponse } } },
    async (request) => ({ job: await app.dispatch.get(request.params.id) }),
  );
  app.post(
    '/admin/dispatch-jobs/:id/resume',
    { schema: { params: DispatchJobParams, response: { 200: DispatchJobResponse } } },
    async (request) => ({ job: await app.dispatch.resume(request.params.id) }),
  );
  app.get(
    '/admin/dispatch-jobs/:id/file',
    { schema: { params: DispatchJobParams } },
    async (request, reply) => {
      const { kind, pdf, count } = await app.dispatch.file(request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${kind}-${count}.pdf"`)
        .send(pdf);
    },
  );
  app.get(
    '/admin/dispatch-jobs/:id/manifest.pdf',
    { schema: { params: DispatchJobParams } },
    async (request, reply) => {
      const { pdf, count } = await app.dispatch.manifest(request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="pickup-manifest-${count}.pdf"`)
        .send(pdf);
    },
  );
};
