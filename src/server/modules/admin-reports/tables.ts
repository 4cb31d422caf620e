import {
  bigint,
  index,
  integer,
  pgTable,
  pgView,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables';

/**
 * Decision 0067: the courier's COD remittances, one line per AWB it paid the store for (from its
 * CSV report uploaded by the owner), with the bank reference (UTR) and the date it was paid.
 */
export const codRemittances = pgTable(
  'cod_remittances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    awb: text('awb').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    reference: text('reference').notNull(),
    remittedOn: text('remitted_on').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('cod_remittances_awb_idx').on(table.awb),
    index('cod_remittances_order_idx').on(table.orderId),
  ],
);

// Decision 0094: the reports' joins of several modules' tables are views made by migration 0054,
// read here as this module's own; `.existing()` keeps drizzle-kit from managing them.

/** The money ledger's lines with the facts of their order. */
export const reportMoneyLines = pgView('report_money_lines', {
  id: integer('id').notNull(),
  orderId: uuid('order_id').notNull(),
  kind: text('kind', { enum: ['captured', 'refunded', 'cod_collected'] }).notNull(),
  reason: text('reason').notNull(),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  providerRef: text('provider_ref'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  orderNumber: text('order_number').notNull(),
  orderStatus: text('order_status').notNull(),
  orderPaidAt: timestamp('order_paid_at', { withTimezone: true }),
  orderCreatedAt: timestamp('order_created_at', { withTimezone: true }).notNull(),
}).existing();

/** The courier's shipments with their order's number and payment method. */
export const reportShipments = pgView('report_shipments', {
  id: integer('id').notNull(),
  orderId: uuid('order_id').notNull(),
  awb: text('awb').notNull(),
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  orderNumber: text('order_number').notNull(),
  paymentMethod: text('payment_method', { enum: ['online', 'cod'] }).notNull(),
}).existing();

/** Each order line with its order's payment time, its product and the product's category. */
export const reportSaleLines = pgView('report_sale_lines', {
  id: integer('id').notNull(),
  orderId: uuid('order_id').notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  productId: integer('product_id').notNull(),
  productName: text('product_name').notNull(),
  sku: text('sku'),
  categoryId: integer('category_id').notNull(),
  categoryName: text('category_name').notNull(),
  quantity: integer('quantity').notNull(),
  linePaise: bigint('line_paise', { mode: 'number' }).notNull(),
}).existing();
