import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminIdParams } from '../../../shared/api/admin';
import {
  AdminBulkEnquiryList,
  AdminBulkEnquiryQuery,
  BulkEnquiryCreated,
  BulkEnquiryInput,
  BulkEnquiryResponse,
  UpdateBulkEnquiry,
} from '../../../shared/api/bulk-enquiries';
import { tooMany } from '../../errors';
import { createAttemptLimiter } from '../auth';
import { BULK_ENQUIRY_RECEIVED } from './bulk-enquiry-service';

// A real company sends a handful of enquiries; more from one address in an hour is a script.
export const BULK_ENQUIRY_LIMIT = { name: 'bulk-enquiry-ip', attempts: 10, windowSeconds: 60 * 60 };

/** POST /api/bulk-enquiries (anyone) and the back office's /api/admin/bulk-enquiries. */
export const bulkEnquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.bulkEnquiries;
  const perIp = createAttemptLimiter(app.limiterStore, BULK_ENQUIRY_LIMIT);

  app.post(
    '/bulk-enquiries',
    {
      schema: { body: BulkEnquiryInput, response: { 201: BulkEnquiryCreated } },
      preHandler: app.optionalUser,
    },
    async (request, reply) => {
      const wait = await perIp.consume(request.ip);
      if (wait > 0) {
        throw tooMany('Too many enquiries from this connection. Please try again later or call us.', wait);
      }
      const enquiry = await service.create(request.body, request.currentUser?.id ?? null);
      return reply.code(201).send({ id: enquiry.id, message: BULK_ENQUIRY_RECEIVED });
    },
  );

  const adminBulkEnquiryRoutes: FastifyPluginAsyncZod = async (admin) => {
    // onRequest, as for every /api/admin route: refused before the body is read.
    admin.addHook('onRequest', app.requireAdmin);
    admin.get(
      '/admin/bulk-enquiries',
      { schema: { querystring: AdminBulkEnquiryQuery, response: { 200: AdminBulkEnquiryList } } },
      (request) => service.list(request.query),
    );
    admin.patch(
      '/admin/bulk-enquiries/:id',
      { schema: { params: AdminIdParams, body: UpdateBulkEnquiry, response: { 200: BulkEnquiryResponse } } },
      async (request) => ({ enquiry: await service.update(request.params.id, request.body) }),
    );
  };
  await app.register(adminBulkEnquiryRoutes);
};
