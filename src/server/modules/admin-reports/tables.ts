import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
