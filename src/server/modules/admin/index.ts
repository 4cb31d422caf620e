// The back office's orders and customers: its services, routes and the admin-account commands.
// Its catalogue is the admin-catalog module's, its money and reports the admin-reports module's.
// The first owner's account is the auth module's to make; `npm run admin:create` finds it here.
export { createOrPromoteAdmin } from '../auth';
export { runningStorePid, writeRunningStoreFile } from './admin-accounts';
export { type AdminBulkService, createAdminBulkService } from './admin-bulk-service';
export { type AdminCustomerService, createAdminCustomerService } from './admin-customer-service';
// The dashboard counts the day's orders to ship by the dispatch desk's own rule.
export { type AdminOrderService, createAdminOrderService, ordersToShipToday } from './admin-order-service';
export { adminRoutes } from './routes';
