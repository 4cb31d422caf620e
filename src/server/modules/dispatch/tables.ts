import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, updatedAt } from '../../db/columns';
import { users } from '../auth/tables';
import { orders } from '../orders/tables';

// Decision 0077: the dispatch desk's bulk work (booking the courier, printing slips or labels) as
// server jobs: a row per job and a row per order in it, worked through by every instance's timer
// (rows claimed with FOR UPDATE SKIP LOCKED and a lease), so a job goes on when the tab closes.
export const dispatchJobs = pgTable('dispatch_jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: ['book', 'slips', 'labels'] }).notNull(),
  createdBy: integer('created_by').references(() => users.id),
  total: integer('total').notNull(),
  createdAt: createdAt(),
});

export const dispatchJobOrders = pgTable(
  'dispatch_job_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => dispatchJobs.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // The job's kind again, so that one index can allow an order in one unfinished booking only.
    kind: text('kind', { enum: ['book', 'slips', 'labels'] }).notNull(),
    /** The order's place in the job (the list's order), so slips and labels print as listed. */
    position: integer('position').notNull(),
    state: text('state', { enum: ['waiting', 'working', 'done', 'failed'] })
      .notNull()
      .default('waiting'),
    /** What became of it: the AWB booked, or why not. */
    message: text('message').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    /** While working: when another instance may take it over (the first one stopped). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('dispatch_job_orders_job_order_idx').on(table.jobId, table.orderId),
    index('dispatch_job_orders_due_idx').on(table.state, table.leaseUntil),
    // An order is in at most one unfinished booking, so it is booked once however often asked.
    uniqueIndex('dispatch_job_orders_one_booking_idx')
      .on(table.orderId)
      .where(sql`kind = 'book' and state in ('waiting', 'working')`),
  ],
);

/** A print job's PDF, laid out a batch of orders at a time; the download joins the parts. */
export const dispatchJobParts = pgTable(
  'dispatch_job_parts',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => dispatchJobs.id, { onDelete: 'cascade' }),
    /** The position of the part's first order, so the parts join in the list's order. */
    firstPosition: integer('first_position').notNull(),
    pdf: bytea('pdf').notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.firstPosition] })],
);
