import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/columns';
import { moneyLedger } from '../money-ledger/tables';
import { orders } from '../orders/tables';

/**
 * GST tax invoices, one per paid order, numbered per financial year without gaps: the
 * number is taken from invoice_counters in the transaction that marks the order paid. `data` is
 * the invoice as issued (seller, buyer, lines, tax), so it reads the same however the store's
 * settings change later.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    number: text('number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    data: jsonb('data').notNull(),
    // The PDF as first rendered, served unchanged afterwards (a legal document).
    pdf: bytea('pdf'),
    // Decision 0066: an address edited before dispatch into another State moves the place of
    // supply: this invoice is credited in full (CGST s.34) and a new one issued in its place.
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invoices_current_order_idx').on(table.orderId).where(sql`superseded_at is null`),
    index('invoices_order_idx').on(table.orderId),
    uniqueIndex('invoices_year_sequence_idx').on(table.financialYear, table.sequence),
    index('invoices_issued_idx').on(table.issuedAt),
  ],
);

export const invoiceCounters = pgTable('invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastSequence: integer('last_sequence').notNull(),
});

/**
 * GST credit notes: one per refund recorded in the money ledger of an invoiced order, issued in
 * the refund's transaction, numbered per financial year in a series of their own without gaps.
 * `data` is the note as issued (an Invoice whose document is 'credit_note'), like invoices.data.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    // Null for the one note of a cash on delivery parcel returned undelivered: no money moved
    // (decision 0050).
    ledgerId: integer('ledger_id')
      .unique()
      .references(() => moneyLedger.id),
    number: text('number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    data: jsonb('data').notNull(),
    pdf: bytea('pdf'),
  },
  (table) => [
    uniqueIndex('credit_notes_year_sequence_idx').on(table.financialYear, table.sequence),
    index('credit_notes_order_idx').on(table.orderId),
    index('credit_notes_issued_idx').on(table.issuedAt),
    // Decision 0066: one whole-invoice credit (undelivered, or replaced after an address edit) per invoice.
    uniqueIndex('credit_notes_whole_invoice_idx').on(table.invoiceId).where(sql`${table.ledgerId} is null`),
  ],
);

export const creditNoteCounters = pgTable('credit_note_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastSequence: integer('last_sequence').notNull(),
});
