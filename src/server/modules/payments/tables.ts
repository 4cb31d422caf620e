import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each run of the daily check of the ledger against the payment provider's records, with
 * the orders whose net differs ([{ orderId, orderNumber, ledgerPaise, providerPaise }]); the
 * dashboard shows the latest.
 */
export const moneyChecks = pgTable('money_checks', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  ordersChecked: integer('orders_checked').notNull(),
  differences: jsonb('differences')
    .$type<{ orderId: string; orderNumber: string; ledgerPaise: number; providerPaise: number }[]>()
    .notNull(),
});

/**
 * When a job that is due once a period last ran, across restarts and instances: taking a run is
 * one conditional upsert of this row (the claim), so N instances run it once.
 */
export const scheduledRuns = pgTable('scheduled_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});

/** Provider webhooks, stored by event id so a retried delivery is handled once. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  event: text('event').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
  lastError: text('last_error'),
  /** Failed handlings so far; the sweep retries with growing pauses and gives up after a few. */
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
});
