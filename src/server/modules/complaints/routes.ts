import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminIdParams } from '../../../shared/api/admin';
import {
  AcknowledgeComplaint,
  AdminComplaintList,
  AdminComplaintQuery,
  AdminComplaintResponse,
  ComplaintCreated,
  ComplaintInput,
  ComplaintStatusQuery,
  ComplaintStatusResponse,
  ResolveComplaint,
} from '../../../shared/api/complaints';
import { tooMany } from '../../errors';
import { createAttemptLimiter } from '../auth';

const HOUR = 60 * 60;

/**
 * Decision 0061: a shopper with a real complaint sends one or two; more is a script, or someone
 * using the receipt to mail a stranger. Per connection and per account (a signed-in script cannot
 * hop addresses), and per e-mail address the receipt goes to.
 */
export const COMPLAINT_LIMITS = {
  perAddress: { name: 'complaint-ip', attempts: 5, windowSeconds: HOUR },
  perAccount: { name: 'complaint-account', attempts: 5, windowSeconds: 24 * HOUR },
  perRecipient: { name: 'complaint-recipient', attempts: 3, windowSeconds: 24 * HOUR },
  // As the tracking page's lookup: guessing a ticket and its contact is slow.
  statusPerAddress: { name: 'complaint-status-ip', attempts: 20, windowSeconds: 10 * 60 },
} as const;

export const COMPLAINT_LIMIT_MESSAGE =
  'Too many complaints sent from here. Please call or write to our Grievance Officer instead.';

/** POST /api/complaints and /api/complaints/status (anyone); the back office's /api/admin/complaints. */
export const complaintRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.complaints;
  const perAddress = createAttemptLimiter(app.limiterStore, COMPLAINT_LIMITS.perAddress);
  const perAccount = createAttemptLimiter(app.limiterStore, COMPLAINT_LIMITS.perAccount);
  const perRecipient = createAttemptLimiter(app.limiterStore, COMPLAINT_LIMITS.perRecipient);
  const statusPerAddress = createAttemptLimiter(app.limiterStore, COMPLAINT_LIMITS.statusPerAddress);

  app.post(
    '/complaints',
    {
      schema: { body: ComplaintInput, response: { 201: ComplaintCreated } },
      preHandler: app.optionalUser,
    },
    async (request, reply) => {
      const user = request.currentUser;
      const recipient = request.body.email || user?.email || '';
      const waits = await Promise.all([
        perAddress.consume(request.ip),
        user ? perAccount.consume(String(user.id)) : 0,
        recipient ? perRecipient.consume(recipient) : 0,
      ]);
      const wait = Math.max(...waits);
      if (wait > 0) throw tooMany(COMPLAINT_LIMIT_MESSAGE, wait);
      const created = await service.create(request.body, user);
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/complaints/status',
    { schema: { body: ComplaintStatusQuery, response: { 200: ComplaintStatusResponse } } },
    async (request) => {
      const wait = await statusPerAddress.consume(request.ip);
      if (wait > 0) throw tooMany('Too many look-ups from this connection. Please try again later.', wait);
      return { complaint: await service.status(request.body.ticket, request.body.contact) };
    },
  );

  const adminComplaintRoutes: FastifyPluginAsyncZod = async (admin) => {
    // onRequest, as for every /api/admin route: refused before the body is read.
    admin.addHook('onRequest', app.requireAdmin);
    admin.get(
      '/admin/complaints',
      { schema: { querystring: AdminComplaintQuery, response: { 200: AdminComplaintList } } },
      (request) => service.list(request.query),
    );
    admin.post(
      '/admin/complaints/:id/acknowledge',
      {
        schema: {
          params: AdminIdParams,
          body: AcknowledgeComplaint,
          response: { 200: AdminComplaintResponse },
        },
      },
      async (request) => ({
        complaint: await service.acknowledge(request.params.id, request.user.id, request.body.note),
      }),
    );
    admin.post(
      '/admin/complaints/:id/resolve',
      {
        schema: { params: AdminIdParams, body: ResolveComplaint, response: { 200: AdminComplaintResponse } },
      },
      async (request) => ({
        complaint: await service.resolve(request.params.id, request.user.id, request.body.note),
      }),
    );
  };
  await app.register(adminComplaintRoutes);
};
