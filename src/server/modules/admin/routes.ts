import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminCategoryChanges,
  AdminCategoryList,
  AdminCategoryResponse,
  AdminCollectionChanges,
  AdminCollectionList,
  AdminCollectionResponse,
  AdminDashboard,
  AdminIdParams,
  AdminJobs,
  AdminOrderDetail,
  AdminOrderIdParams,
  AdminOrderLineParams,
  AdminOrderList,
  AdminOrderQuery,
  AdminOutbox,
  AdminOutboxQuery,
  AdminProductChanges,
  AdminProductList,
  AdminProductQuery,
  AdminProductResponse,
  ChangeOrderStatus,
  GstRatesToConfirm,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  ImportPreview,
  ImportReport,
  MAX_IMAGE_BYTES,
  NewAdminCategory,
  NewAdminCollection,
  NewAdminProduct,
  PhotoZipResult,
  SalesRegisterQuery,
  UploadedProductImage,
} from '../../../shared/api/admin';
import { BulkStatusChange, BulkStatusResponse } from '../../../shared/api/admin-bulk';
import {
  AdminCustomerDetail,
  AdminCustomerIdParams,
  AdminCustomerList,
  AdminCustomerQuery,
} from '../../../shared/api/admin-customers';
import { SalesReport, SalesReportParams, SalesReportQuery } from '../../../shared/api/admin-reports';
import { CodCashList, CodRemittanceReport, CodRemittanceUpload } from '../../../shared/api/cod-remittance';
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
import { may } from '../../../shared/staff-roles';
import { readUploadedFile } from '../../http/uploads';
import { readJobQueues, readStuckWebhooks } from '../health';
import { sendInvoicePdf } from '../invoices';
import { MAIL_EVERY_MS } from '../mail';
import { customerWithoutSpend } from './admin-customer-service';
import { dashboardWithoutMoney } from './admin-report-service';
import { exportProductsCsv, importProductsCsv, previewProductsCsv } from './product-csv';
import { MAX_IMPORT_BYTES } from './product-csv-rows';
import { storeProductImage } from './product-images';
import { importPhotoZip, previewPhotoZip } from './product-photo-import';
import { MAX_PHOTO_ZIP_BYTES } from './product-photo-zip';
import { salesRegisterOf } from './sales-register';

/**
 * /api/admin/*: the back office. The admin check is a hook on this whole plugin and
 * runs on request, before any body is parsed or validated, so no route here can go without it
 * (admin-guard.test.ts sweeps every registered route).
 */
const TooLarge = z.object({ message: z.string(), requestId: z.string() });

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
  // Decision 0067: the courier's COD remittance report, matched by AWB; each COD order's cash.
  app.post(
    '/admin/cod-remittances',
    { bodyLimit: 1_100_000, schema: { body: CodRemittanceUpload, response: { 200: CodRemittanceReport } } },
    async (req) => app.admin.codRemittance.importCsv(req.body.csv),
  );
  app.get('/admin/cod-cash', { schema: { response: { 200: CodCashList } } }, async () => ({
    data: await app.admin.codRemittance.cashStates(),
  }));
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
  app.get(
    '/admin/customers/:id',
    { schema: { params: AdminCustomerIdParams, response: { 200: AdminCustomerDetail } } },
    async (req) => {
      const detail = await admin.customers.detail(req.params.id);
      return may(req.user.staffRole, 'viewRevenue')
        ? detail
        : { ...detail, customer: customerWithoutSpend(detail.customer) };
    },
  );

  // ---- Products ----
  app.get(
    '/admin/products',
    { schema: { querystring: AdminProductQuery, response: { 200: AdminProductList } } },
    (req) => admin.catalog.listProducts(req.query),
  );
  app.post(
    '/admin/products',
    { schema: { body: NewAdminProduct, response: { 201: AdminProductResponse } } },
    async (req, reply) => reply.code(201).send({ product: await admin.catalog.createProduct(req.body) }),
  );
  app.get(
    '/admin/products/:id',
    { schema: { params: AdminIdParams, response: { 200: AdminProductResponse } } },
    async (req) => ({
      product: await admin.catalog.product(req.params.id),
    }),
  );
  app.patch(
    '/admin/products/:id',
    { schema: { params: AdminIdParams, body: AdminProductChanges, response: { 200: AdminProductResponse } } },
    async (req) => ({ product: await admin.catalog.updateProduct(req.params.id, req.body) }),
  );
  app.post(
    '/admin/products/:id/image',
    { schema: { params: AdminIdParams, response: { 200: AdminProductResponse, 413: TooLarge } } },
    async (req) => {
      await admin.catalog.product(req.params.id);
      const bytes = await readUploadedFile(req, {
        missing: IMAGE_TYPE_MESSAGE,
        missingField: 'Send the image as a file',
        tooLarge: IMAGE_TOO_LARGE_MESSAGE,
      });
      const image = await storeProductImage(app.imageStorage, req.params.id, bytes);
      return { product: await admin.catalog.setProductImage(req.params.id, image) };
    },
  );

  // A photo for the product form, stored before the product is (photos at creation); the
  // form then saves the product with its photos in order.
  app.post(
    '/admin/product-images',
    { schema: { response: { 200: UploadedProductImage, 413: TooLarge } } },
    async (req) => {
      const bytes = await readUploadedFile(req, {
        missing: IMAGE_TYPE_MESSAGE,
        missingField: 'Send the image as a file',
        tooLarge: IMAGE_TOO_LARGE_MESSAGE,
      });
      return { image: await storeProductImage(app.imageStorage, null, bytes) };
    },
  );

  // CSV import: the file is the body (text/csv), up to 5 MB.
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES },
    (_req, body, done) => done(null, body),
  );
  app.get('/admin/products/export.csv', async (_req, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="products.csv"')
      .send(await exportProductsCsv(app.db)),
  );
  app.post(
    '/admin/products/import',
    {
      schema: {
        // The parser's byte limit comes first; a character is at least a byte, so this never bites.
        body: z
          .string({ error: 'Send the CSV file as text/csv' })
          .max(MAX_IMPORT_BYTES, 'The CSV file is larger than 5 MB'),
        response: { 200: ImportReport },
      },
    },
    (req) => importProductsCsv(app.db, admin.catalog, app.productCsvPool, req.body),
  );
  // Decision 0077: a zip of photos named by SKU (the body, application/zip), previewed and then
  // applied; each photo is checked as any upload is.
  app.addContentTypeParser(
    ['application/zip', 'application/x-zip-compressed'],
    { parseAs: 'buffer', bodyLimit: MAX_PHOTO_ZIP_BYTES },
    (_request, body, done) => done(null, body),
  );
  // The parser's bodyLimit already stops a larger zip; the refinement states that bound where the
  // request-bounds test reads it (its params' maxBytes).
  const PhotoZip = z
    .instanceof(Buffer, { error: 'Send the photos as one .zip file' })
    .refine((zip) => zip.length <= MAX_PHOTO_ZIP_BYTES, {
      message: 'The zip file is larger than 60 MB',
      params: { maxBytes: MAX_PHOTO_ZIP_BYTES },
    });
  app.post(
    '/admin/products/photos-zip/preview',
    { schema: { body: PhotoZip, response: { 200: PhotoZipResult } } },
    (req) => previewPhotoZip(app.db, app.productCsvPool, req.body),
  );
  app.post(
    '/admin/products/photos-zip',
    { schema: { body: PhotoZip, response: { 200: PhotoZipResult } } },
    (req) => importPhotoZip(app.db, admin.catalog, app.imageStorage, app.productCsvPool, req.body),
  );
  // Decision 0077: what the same file would do, row by row; nothing is written.
  app.post(
    '/admin/products/import/preview',
    {
      schema: {
        body: z
          .string({ error: 'Send the CSV file as text/csv' })
          .max(MAX_IMPORT_BYTES, 'The CSV file is larger than 5 MB'),
        response: { 200: ImportPreview },
      },
    },
    (req) => previewProductsCsv(app.db, app.productCsvPool, req.body),
  );

  // ---- Categories and collections ----
  app.get('/admin/categories', { schema: { response: { 200: AdminCategoryList } } }, async () => ({
    data: await admin.catalog.listCategories(),
  }));
  app.post(
    '/admin/categories',
    { schema: { body: NewAdminCategory, response: { 201: AdminCategoryResponse } } },
    async (req, reply) => reply.code(201).send({ category: await admin.catalog.createCategory(req.body) }),
  );
  app.patch(
    '/admin/categories/:id',
    {
      schema: { params: AdminIdParams, body: AdminCategoryChanges, response: { 200: AdminCategoryResponse } },
    },
    async (req) => ({ category: await admin.catalog.updateCategory(req.params.id, req.body) }),
  );
  // Decision 0059: what still carries a GST slab the 22 September 2025 schedule retired.
  app.get('/admin/gst-rates-to-confirm', { schema: { response: { 200: GstRatesToConfirm } } }, () =>
    admin.catalog.gstRatesToConfirm(),
  );
  app.get('/admin/collections', { schema: { response: { 200: AdminCollectionList } } }, async () => ({
    data: await admin.catalog.listCollections(),
  }));
  app.post(
    '/admin/collections',
    { schema: { body: NewAdminCollection, response: { 201: AdminCollectionResponse } } },
    async (req, reply) =>
      reply.code(201).send({ collection: await admin.catalog.createCollection(req.body) }),
  );
  app.patch(
    '/admin/collections/:id',
    {
      schema: {
        params: AdminIdParams,
        body: AdminCollectionChanges,
        response: { 200: AdminCollectionResponse },
      },
    },
    async (req) => ({ collection: await admin.catalog.updateCollection(req.params.id, req.body) }),
  );
  app.delete('/admin/collections/:id', { schema: { params: AdminIdParams } }, async (req, reply) => {
    await admin.catalog.deleteCollection(req.params.id);
    return reply.code(204).send();
  });

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

  // GST: the month's sales register in GSTR-1's tables, to file from.
  app.get(
    '/admin/reports/sales-register.csv',
    { schema: { querystring: SalesRegisterQuery } },
    async (req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sales-register-${req.query.month}.csv"`)
        .send(await salesRegisterOf(app.db, req.query.month)),
  );

  // Decision 0076: sales by day, product and category, refunds and COD cash, for any range of
  // India-time days; the same table as CSV.
  app.get(
    '/admin/reports/:report',
    { schema: { params: SalesReportParams, querystring: SalesReportQuery, response: { 200: SalesReport } } },
    (req) => admin.salesReports.report(req.params.report, req.query),
  );
  app.get(
    '/admin/reports/:report/csv',
    { schema: { params: SalesReportParams, querystring: SalesReportQuery } },
    async (req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${req.params.report}-${req.query.from}-to-${req.query.to}.csv"`,
        )
        .send(await admin.salesReports.csv(req.params.report, req.query)),
  );

  // ---- Dashboard and outbox ----
  app.get('/admin/dashboard', { schema: { response: { 200: AdminDashboard } } }, async (req) => {
    const dashboard = await admin.reports.dashboard();
    return may(req.user.staffRole, 'viewRevenue') ? dashboard : dashboardWithoutMoney(dashboard);
  });
  app.get(
    '/admin/outbox',
    { schema: { querystring: AdminOutboxQuery, response: { 200: AdminOutbox } } },
    (req) => admin.reports.outbox(req.query.page),
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
