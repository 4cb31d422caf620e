// The back office's public entry: its services, routes and the admin-account commands.
export { createOrPromoteAdmin, runningStorePid, writeRunningStoreFile } from './admin-accounts';
export { type AdminBulkService, createAdminBulkService } from './admin-bulk-service';
export { type AdminCatalogService, createAdminCatalogService } from './admin-catalog-service';
export { type AdminCustomerService, createAdminCustomerService } from './admin-customer-service';
export { type AdminOrderService, createAdminOrderService } from './admin-order-service';
export { type AdminReportService, createAdminReportService } from './admin-report-service';
export { type CodRemittanceService, createCodRemittanceService } from './cod-remittance';
// The store's one CSV reader (RFC 4180), for other modules' lists (decision 0081's recipients).
export { CsvError, parseCsv } from './csv';
export { createProductCsvPool, PRODUCT_CSV_MESSAGES, type ProductCsvPool } from './product-csv-pool';
export { adminRoutes } from './routes';
export { createSalesReports, type SalesReports } from './sales-reports';
