import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CONTRIBUTION_STATES, GROUP_GIFT_STATES } from '../../../shared/group-gifts';
import { createdAt } from '../../db/columns';
import { users } from '../auth/tables';
import { payments } from '../money-ledger/tables';
import { orders } from '../orders/tables';

/**
 * Decision 0084: a group gift. Its order is made when the pool opens, priced then (decision 0072),
 * unpaid and holding no stock until the contributions meet its total; the contributions are
 * payments into that order's ledger. Only the SHA-256 of the pool's link token is kept.
 */
export const groupGifts = pgTable(
  'group_gifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    recipientName: text('recipient_name').notNull(),
    message: text('message'),
    // Whether the page shows "a surprise" instead of the gift.
    surprise: boolean('surprise').notNull().default(false),
    suggestedSharePaise: bigint('suggested_share_paise', { mode: 'number' }),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    state: text('state', { enum: GROUP_GIFT_STATES }).notNull().default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('group_gifts_state_deadline_idx').on(table.state, table.deadline),
    index('group_gifts_organiser_idx').on(table.organiserId, table.createdAt),
  ],
);

/**
 * Decision 0084: one friend's share of a group gift: its own provider order (the amount capped at
 * what remained when it started), and, once the provider's signature or webhook confirms it, the
 * payment and what the pool kept of it (the rest went back at once).
 */
export const groupGiftContributions = pgTable(
  'group_gift_contributions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupGiftId: uuid('group_gift_id')
      .notNull()
      .references(() => groupGifts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    providerOrderId: text('provider_order_id').unique(),
    paymentId: integer('payment_id').references(() => payments.id),
    takenPaise: bigint('taken_paise', { mode: 'number' }).notNull().default(0),
    // The name the contributor chose to show on the pool's page (null: not named), and their note.
    shownName: text('shown_name'),
    note: text('note'),
    state: text('state', { enum: CONTRIBUTION_STATES }).notNull().default('awaiting_payment'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('group_gift_contributions_pool_idx').on(table.groupGiftId, table.state),
    index('group_gift_contributions_payment_idx').on(table.paymentId),
  ],
);
