import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { GIFT_LINK_ROW_STATES } from '../../../shared/gift-links';
import { bytea, createdAt } from '../../db/columns';
import { orders } from '../orders/tables';

/**
 * Decision 0081: a gift sent by link. The order is paid with no address; its recipient opens the
 * link (only the SHA-256 of its token is kept), types the address and picks the day and slot the
 * sender allowed, or declines. The sender sees the state and the date, never the address.
 */
export const giftLinks = pgTable(
  'gift_links',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // Null until the order is paid and the link sent; a resend replaces it (the old link dies).
    tokenHash: text('token_hash').unique(),
    recipientName: text('recipient_name').notNull(),
    // DPDP s.6: the recipient's contact is used only to send them this gift's link and news.
    recipientPhone: text('recipient_phone'),
    recipientEmail: text('recipient_email'),
    message: text('message'),
    revealGift: boolean('reveal_gift').notNull().default(false),
    allowedSlots: jsonb('allowed_slots').$type<string[]>().notNull(),
    state: text('state', { enum: GIFT_LINK_ROW_STATES }).notNull().default('awaiting_payment'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    // Decision 0081: when the owner was told the link was opened from many devices or addresses.
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('gift_links_state_expires_idx').on(table.state, table.expiresAt)],
);

/**
 * Decision 0081: the devices and addresses a gift link was opened from, each only as a SHA-256 of
 * its address and browser (DPDP s.6: enough to count them, nothing to trace anyone by).
 */
export const giftLinkOpens = pgTable(
  'gift_link_opens',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    openerHash: text('opener_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.openerHash] })],
);

/**
 * Decision 0081: the one thank-you a gift link's recipient may send after delivery, read by the
 * sender on their order page; its photo, re-encoded as a return's is, never leaves that page.
 */
export const giftThanks = pgTable('gift_thanks', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  note: text('note').notNull(),
  photoContentType: text('photo_content_type'),
  photo: bytea('photo'),
  createdAt: createdAt(),
});
