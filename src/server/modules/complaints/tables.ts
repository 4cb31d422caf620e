import { index, integer, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../auth/tables';
import { orders } from '../orders/tables';

// Decision 0061: each complaint's ticket number comes from here, so two instances never give one twice.
export const complaintNumberSeq = pgSequence('complaint_number_seq', { startWith: 1 });

/**
 * Consumer Protection (E-Commerce) Rules, 2020, rules 4(5) and 7(1)(f): a complaint from the
 * Contact page, its ticket, and the two clocks (acknowledge within 48 hours, redress within a month
 * of receipt), fixed when it arrives. A guest's complaint has no user; it has an e-mail or a phone.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticket: text('ticket').notNull().unique(),
    userId: integer('user_id').references(() => users.id),
    // As typed; orderId is set when it names one of the store's orders.
    orderNumber: text('order_number'),
    orderId: uuid('order_id').references(() => orders.id),
    subject: text('subject').notNull(),
    details: text('details').notNull(),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    acknowledgeBy: timestamp('acknowledge_by', { withTimezone: true }).notNull(),
    resolveBy: timestamp('resolve_by', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id),
    acknowledgementNote: text('acknowledgement_note'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolution: text('resolution'),
    createdAt: createdAt(),
  },
  (table) => [
    index('complaints_open_idx').on(table.resolvedAt, table.createdAt),
    index('complaints_user_idx').on(table.userId),
  ],
);
