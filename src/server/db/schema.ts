// Every table, sequence and table type of the store, each defined in the module that owns it
// (src/server/modules/<module>/tables.ts, decision 0094), joined here for drizzle-kit
// (drizzle.config.ts) and the database client. Money is integer paise in every table (DESIGN 4).
export * from '../modules/account/tables';
export * from '../modules/addresses/tables';
export * from '../modules/admin/tables';
export * from '../modules/admin-reports/tables';
export * from '../modules/auth/tables';
export * from '../modules/bulk-enquiries/tables';
export * from '../modules/cash-on-delivery/tables';
export * from '../modules/catalog/tables';
export * from '../modules/collections/tables';
export * from '../modules/complaints/tables';
export * from '../modules/coupons/tables';
export * from '../modules/courier/tables';
export * from '../modules/courier-providers/tables';
export * from '../modules/delivery/tables';
export * from '../modules/delivery-slots/tables';
export * from '../modules/dispatch/tables';
export * from '../modules/gift-links/tables';
export * from '../modules/group-gifts/tables';
export * from '../modules/invoices/tables';
export * from '../modules/mail/tables';
export * from '../modules/messaging/tables';
export * from '../modules/money-ledger/tables';
export * from '../modules/notifications/tables';
export * from '../modules/order-edits/tables';
export * from '../modules/orders/tables';
export * from '../modules/owner-notices/tables';
export * from '../modules/payments/tables';
export * from '../modules/quotes/tables';
export * from '../modules/returns/tables';
export * from '../modules/reviews/tables';
export * from '../modules/search/tables';
export * from '../modules/settings/tables';
export * from '../modules/staff/tables';
export * from '../modules/wishlist/tables';
