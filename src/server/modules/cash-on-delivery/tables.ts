import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables';

/**
 * Decision 0064: a cash on delivery order above the owner's amount waits for the customer's reply
 * of YES to the message sent to `phone`; until then it is not booked, and after the owner's hours
 * it is cancelled.
 */
export const codConfirmations = pgTable(
  'cod_confirmations',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [index('cod_confirmations_phone_idx').on(table.phone, table.askedAt)],
);
