import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminIdParams,
  AdminJobs,
  AdminOrderDetail,
  AdminOrderIdParams,
  AdminOrderLineParams,
  AdminOrderList,
  AdminOrderQuery,
  ChangeOrderStatus,
  MAX_IMAGE_BYTES,
} from '../../../shared/api/admin';
import { BulkStatusChange, BulkStatusResponse } from '../../../shared/api/admin-bulk';
import {
  AdminCustomerDetail,
  AdminCustomerIdParams,
  AdminCustomerList,
  AdminCustomerQuery,
  CorporateApproval,
} from '../../../shared/api/admin-customers';
import {
  AdminCouponChanges,
  AdminCouponList,
  AdminCouponResponse,
  NewAdminCoupon,
} from '../../../shared/api/coupons';
import { CreditNoteList } from '../../../shared/api/invoices';
import {
  AdminReturnList,
  AdminReturnQuery,
  DecideReturn,
  MarkRefundPaid,
  ReturnIdParams,
  ReturnResponse,
} from '../../../shared/api/returns';
import {
  AdminReviewChanges,
  AdminReviewIdParams,
  AdminReviewList,
  AdminReviewQuery,
} from '../../../shared/api/reviews';
import { ChangeOrderAddressByStore } from '../../../shared/order-edits';
import { may, type StaffRole } from '../../../shared/staff-roles';
import { readJobQueues } from '../health';
import { sendInvoicePdf } from '../invoices';
import { MAIL_EVERY_MS } from '../mail';
import { readStuckWebhooks } from '../payments';
import { customerWithoutSpend } from './admin-customer-service';

/**
 * /api/admin/*: the back office. The admin check is a hook on this whole plugin and
 * runs on request, before any body is parsed or validated, so no route here can go without it
 * (admin-guard.test.ts sweeps every registered route).
 */
const _TooLarge = z.object({ message: z.string(), requestId: z.string() });

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { admin } = app;

  app.addHook('onRequest', app.requireAdmin);
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } });

  // ---- Orders ----
  app.get(
    '/admin/orders',
    { schema: { querystring: AdminOrderQuery, response: { 200: AdminOrderList } } },
    (req) => admin.orders.list(req.query),
  );
  app.get(
    '/admin/orders/:id',
    { schema: { params: AdminOrderIdParams, response: { 200: AdminOrderDetail } } },
    (req) => admin.orders.detail(req.params.id, req.user.staffRole),
  );
  // Decision 0066: the owner changes the delivery address and phone until the order is booked.
  app.put(
    '/admin/orders/:id/address',
    {
      schema: {
        params: AdminOrderIdParams,
        body: ChangeOrderAddressByStore,
        response: { 200: AdminOrderDetail, 202: AdminOrderDetail },
      },
    },
    async (req, reply) => {
      const { outcome } = await app.orderEdits.changeAddress(req.params.id, null, req.body);
      // Decision 0085: 202 while a dearer change waits for the customer to pay its difference.
      return reply
        .code(outcome === 'changed' ? 200 : 202)
        .send(await admin.orders.detail(req.params.id, req.user.staffRole));
    },
  );
  // Decision 0078: a line removed before dispatch; its part is refunded (a cancellation's permission).
  app.delete(
    '/admin/orders/:id/items/:lineId',
    { schema: { params: AdminOrderLineParams, response: { 200: AdminOrderDetail } } },
    async (req) => {
      await app.orderEdits.removeLine(req.params.id, req.params.lineId);
      return admin.orders.detail(req.params.id, req.user.staffRole);
    },
  );
  app.post(
    '/admin/orders/:id/status',
    { schema: { params: AdminOrderIdParams, body: ChangeOrderStatus, response: { 200: AdminOrderDetail } } },
    (req) =>
      admin.orders.changeStatus(
        req.params.id,
        req.body.status,
        { text: req.body.note, toCustomer: req.body.noteToCustomer },
        req.user.staffRole,
      ),
  );

  // ---- Bulk order work: before /admin/orders/:id, a path of its own ----
  app.post(
    '/admin/orders/bulk/status',
    { schema: { body: BulkStatusChange, response: { 200: BulkStatusResponse } } },
    (req) => admin.bulk.changeStatus(req.body),
  );

  // Decision 0080: one order's packing slip from the one slip renderer the print jobs use.
  app.get(
    '/admin/orders/:id/packing-slip.pdf',
    { schema: { params: AdminOrderIdParams } },
    async (req, reply) => {
      const { pdf } = await admin.bulk.documentsPdf({ orderIds: [req.params.id] }, { slipsOnly: true });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="packing-slip.pdf"')
        .send(pdf);
    },
  );

  app.get('/admin/orders/:id/invoice.pdf', { schema: { params: AdminOrderIdParams } }, async (req, reply) => {
    const invoice = await app.invoices.forAdmin(req.params.id);
    return sendInvoicePdf(reply, invoice, await app.invoices.pdfOf(invoice));
  });

  // GST credit notes: one per refund of an invoiced order, each a PDF like the invoice.
  app.get(
    '/admin/orders/:id/credit-notes',
    { schema: { params: AdminOrderIdParams, response: { 200: CreditNoteList } } },
    async (req) => ({ data: await app.invoices.creditNotes(req.params.id) }),
  );
  app.get('/admin/credit-notes/:id/pdf', { schema: { params: AdminIdParams } }, async (req, reply) => {
    const { note, pdf } = await app.invoices.creditNotePdf(req.params.id);
    return sendInvoicePdf(reply, note, pdf);
  });

  // ---- Customers ----
  app.get(
    '/admin/customers',
    { schema: { querystring: AdminCustomerQuery, response: { 200: AdminCustomerList } } },
    async (req) => {
      const list = await admin.customers.list(req.query);
      return may(req.user.staffRole, 'viewRevenue')
        ? list
        : { ...list, data: list.data.map(customerWithoutSpend) };
    },
  );
  // Decision 0076: the exportCustomers permission's (DPDP s.8(5)); its own path, before :id.
  app.get('/admin/customers/export.csv', async (_req, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="customers.csv"')
      .send(await admin.customers.exportCsv()),
  );
  const customerFor = async (req: { user: { staffRole: StaffRole | null } }, id: number) => {
    const detail = await admin.customers.detail(id);
    return may(req.user.staffRole, 'viewRevenue')
      ? detail
      : { ...detail, customer: customerWithoutSpend(detail.customer) };
  };
  app.get(
    '/admin/customers/:id',
    { schema: { params: AdminCustomerIdParams, response: { 200: AdminCustomerDetail } } },
    async (req) => customerFor(req, req.params.id),
  );
  // Decision 0081: a business account approved as a corporate buyer (the settings permission's).
  app.put(
    '/admin/customers/:id/corporate',
    {
      schema: {
        params: AdminCustomerIdParams,
        body: CorporateApproval,
        response: { 200: AdminCustomerDetail },
      },
    },
    async (req) => {
      await admin.customers.setCorporate(
        { id: req.user.id, email: req.user.email },
        req.params.id,
        req.body.approved,
      );
      return customerFor(req, req.params.id);
    },
  );

  // ---- Coupons ----
  app.get('/admin/coupons', { schema: { response: { 200: AdminCouponList } } }, async () => ({
    data: await app.coupons.list(),
  }));
  app.post(
    '/admin/coupons',
    { schema: { body: NewAdminCoupon, response: { 201: AdminCouponResponse } } },
    async (req, reply) => reply.code(201).send({ coupon: await app.coupons.create(req.body) }),
  );
  app.patch(
    '/admin/coupons/:id',
    { schema: { params: AdminIdParams, body: AdminCouponChanges, response: { 200: AdminCouponResponse } } },
    async (req) => ({ coupon: await app.coupons.update(req.params.id, req.body) }),
  );
  // Decision 0077: edit every term of a coupon no order has used; retire one for good.
  app.put(
    '/admin/coupons/:id',
    { schema: { params: AdminIdParams, body: NewAdminCoupon, response: { 200: AdminCouponResponse } } },
    async (req) => ({ coupon: await app.coupons.edit(req.params.id, req.body) }),
  );
  app.post(
    '/admin/coupons/:id/retire',
    { schema: { params: AdminIdParams, response: { 200: AdminCouponResponse } } },
    async (req) => ({ coupon: await app.coupons.retire(req.params.id) }),
  );

  // ---- Returns ----
  app.get(
    '/admin/returns',
    { schema: { querystring: AdminReturnQuery, response: { 200: AdminReturnList } } },
    (req) => app.returns.adminList(req.query),
  );
  app.post(
    '/admin/returns/:id/approve',
    { schema: { params: ReturnIdParams, body: DecideReturn, response: { 200: ReturnResponse } } },
    async (req) => ({ return: await app.returns.approve(req.params.id, req.body.note) }),
  );
  // Decision 0066: the items are back and checked; a refund that waited for them is made.
  app.post(
    '/admin/returns/:id/received',
    { schema: { params: ReturnIdParams, body: DecideReturn, response: { 200: ReturnResponse } } },
    async (req) => ({ return: await app.returns.markReceived(req.params.id, req.body.note) }),
  );
  // Decision 0043: a cash on delivery order's refund, sent by UPI or bank transfer.
  app.post(
    '/admin/returns/:id/refund-paid',
    { schema: { params: ReturnIdParams, body: MarkRefundPaid, response: { 200: ReturnResponse } } },
    async (req) => ({ return: await app.returns.markRefundPaid(req.params.id, req.body.reference) }),
  );
  app.post(
    '/admin/returns/:id/reject',
    { schema: { params: ReturnIdParams, body: DecideReturn, response: { 200: ReturnResponse } } },
    async (req) => ({ return: await app.returns.reject(req.params.id, req.body.note) }),
  );

  // ---- Reviews ----
  app.get(
    '/admin/reviews',
    { schema: { querystring: AdminReviewQuery, response: { 200: AdminReviewList } } },
    (req) => app.reviews.adminList(req.query),
  );
  app.patch(
    '/admin/reviews/:id',
    { schema: { params: AdminReviewIdParams, body: AdminReviewChanges } },
    async (req, reply) => {
      await app.reviews.setHidden(req.params.id, req.body.hidden);
      return reply.code(204).send();
    },
  );

  // ---- Background jobs (visible in the back office) ----
  app.get('/admin/jobs', { schema: { response: { 200: AdminJobs } } }, async () => ({
    queues: await readJobQueues(app.db, app.clock.now()),
    stuckWebhooks: await readStuckWebhooks(app.db),
    schedule: {
      expirySweepSeconds: app.config.EXPIRY_SWEEP_SECONDS,
      mailEverySeconds: MAIL_EVERY_MS / 1000,
      runsOnThisInstance: app.config.BACKGROUND_JOBS,
      jobs: (app.backgroundJobs?.scheduled() ?? []).map(({ name, everyMs, runs }) => ({
        name,
        everySeconds: everyMs / 1000,
        runs,
      })),
    },
  }));
};
