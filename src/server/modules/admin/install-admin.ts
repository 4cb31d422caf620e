import type { FastifyInstance } from 'fastify';
import { type AdminCatalogService, createAdminCatalogService } from './admin-catalog-service';
import { type AdminOrderService, createAdminOrderService } from './admin-order-service';
import { type AdminReportService, createAdminReportService } from './admin-report-service';

export type AdminServices = {
  orders: AdminOrderService;
  catalog: AdminCatalogService;
  reports: AdminReportService;
};

/** The back office's services from the app's (needs app.catalog). */
export function createAdminServices(app: FastifyInstance): AdminServices {
  const { db, clock, config } = app;
  return {
    orders: createAdminOrderService({
      db,
      clock,
      store: {
        storeName: config.STORE_NAME,
        supportEmail: config.SUPPORT_EMAIL,
        publicUrl: config.PUBLIC_URL,
      },
      invoices: app.invoices,
      coupons: app.coupons,
    }),
    catalog: createAdminCatalogService({ db, catalog: app.catalog }),
    reports: createAdminReportService({ db, clock }),
  };
}
