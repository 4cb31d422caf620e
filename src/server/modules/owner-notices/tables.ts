import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * What the owner is told of (a new paid order, a return request, a bulk enquiry). With
 * OWNER_NOTIFY=immediate each one is mailed as it happens; with a digest they wait here until the
 * hour's or the day's digest takes them (digestedAt).
 */
export const ownerNotices = pgTable(
  'owner_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', {
      enum: ['paid-order', 'cod-order', 'return-request', 'bulk-enquiry', 'complaint', 'gift-link-flag'],
    }).notNull(),
    summary: text('summary').notNull(),
    link: text('link').notNull(),
    digestedAt: timestamp('digested_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('owner_notices_waiting_idx').on(table.digestedAt, table.createdAt)],
);

/**
 * One row per digest sent, keyed by the period it closes, so the digest job can run on
 * every instance and the digest still goes out once (the insert is the claim).
 */
export const ownerDigests = pgTable('owner_digests', {
  periodEnd: timestamp('period_end', { withTimezone: true }).primaryKey(),
  noticeCount: integer('notice_count').notNull(),
  createdAt: createdAt(),
});
