// The back office's money: the dashboard and outbox figures, sales reports, the month's sales
// register (GSTR-1's tables), COD remittances, and the routes under /api/admin for them.
export { type AdminReportService, createAdminReportService } from './admin-report-service';
export { type CodRemittanceService, createCodRemittanceService } from './cod-remittance';
export { adminReportRoutes } from './routes';
export { createSalesReports, type SalesReports } from './sales-reports';
