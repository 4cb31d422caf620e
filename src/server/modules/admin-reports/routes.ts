import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminDashboard, AdminOutbox, AdminOutboxQuery, SalesRegisterQuery } from '../../../shared/api/admin';
import { SalesReport, SalesReportParams, SalesReportQuery } from '../../../shared/api/admin-reports';
import { CodCashList, CodRemittanceReport, CodRemittanceUpload } from '../../../shared/api/cod-remittance';
import { may } from '../../../shared/staff-roles';
import { dashboardWithoutMoney } from './admin-report-service';
import { salesRegisterOf } from './sales-register';

/**
 * /api/admin/dashboard, reports, the sales register and COD remittances: the back office's money. The admin check is a hook on this whole plugin and runs on request,
 * before any body is parsed or validated (admin-guard.test.ts sweeps every registered route).
 */
const _TooLarge = z.object({ message: z.string(), requestId: z.string() });

export const adminReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { admin } = app;

  app.addHook('onRequest', app.requireAdmin);

  // Decision 0067: the courier's COD remittance report, matched by AWB; each COD order's cash.
  app.post(
    '/admin/cod-remittances',
    { bodyLimit: 1_100_000, schema: { body: CodRemittanceUpload, response: { 200: CodRemittanceReport } } },
    async (req) => app.admin.codRemittance.importCsv(req.body.csv),
  );
  app.get('/admin/cod-cash', { schema: { response: { 200: CodCashList } } }, async () => ({
    data: await app.admin.codRemittance.cashStates(),
  }));

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
};
