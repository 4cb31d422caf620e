import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CheckoutCartLine } from '../../../shared/api/notifications';
import { CONSENT_PURPOSES, CONSENT_VIAS } from '../../../shared/consents';
import type { NotifyConsent } from '../../../shared/notifications';
import { createdAt } from '../../db/columns';
import { users } from '../auth/tables';
import { products } from '../catalog/tables';
import { orders } from '../orders/tables';

// Decision 0071: "Notify me when it's back" on a sold-out product: one row per shopper and
// product; sent_at is set when the message is queued, so a restock tells each shopper once.
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['whatsapp', 'sms'] }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('stock_alerts_user_product_idx').on(table.userId, table.productId),
    index('stock_alerts_waiting_idx').on(table.productId).where(sql`${table.sentAt} IS NULL`),
  ],
);

// Order news on WhatsApp and SMS, one row per event, channel and recipient, written in
// the transaction of the change it tells of and sent by the notification worker (retries with
// back-off). dedupe_key makes a second write of the same news a no-op, on every instance.
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    notice: text('notice').notNull(),
    channel: text('channel', { enum: ['whatsapp', 'sms'] }).notNull(),
    /** The 10-digit mobile it goes to. */
    recipient: text('recipient').notNull(),
    /** The owner's rows tell of the store's own events (new orders, returns, enquiries): no order news. */
    audience: text('audience', { enum: ['shopper', 'gift_recipient', 'owner'] }).notNull(),
    /** What the message needs beyond the order (a refund's paise, a return's decision). */
    details: jsonb('details').$type<Record<string, string | number>>().notNull().default({}),
    /** The message as sent (filled when it is sent). */
    text: text('text'),
    status: text('status', { enum: ['queued', 'sent', 'delivered', 'read', 'failed', 'skipped'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    providerMessageId: text('provider_message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [
    index('notification_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('notification_outbox_provider_idx').on(table.providerMessageId),
  ],
);

// A number that said STOP (or opened an opt-out link) gets nothing more on that channel.
export const notificationOptOuts = pgTable(
  'notification_opt_outs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: ['whatsapp', 'sms', 'email'] }).notNull(),
    /** A 10-digit mobile, or an e-mail address in lower case. */
    address: text('address').notNull(),
    via: text('via', { enum: ['reply', 'link'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('notification_opt_outs_idx').on(table.channel, table.address)],
);

// Decision 0062: every consent given or withdrawn, as a ledger (never updated): who (an account
// and/or a mobile or e-mail address), for what purpose on which channel, how, when, and the version
// of the privacy notice shown. The latest row for a purpose and channel is the standing choice.
export const consents = pgTable(
  'consents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A 10-digit mobile, or an e-mail address in lower case, when the consent is an address's. */
    address: text('address'),
    purpose: text('purpose', { enum: CONSENT_PURPOSES }).notNull(),
    /** Null for analytics, which has no channel. */
    channel: text('channel', { enum: ['whatsapp', 'sms', 'email'] }),
    given: boolean('given').notNull(),
    via: text('via', { enum: CONSENT_VIAS }).notNull(),
    noticeVersion: text('notice_version').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('consents_user_idx').on(table.userId, table.purpose, table.channel),
    index('consents_address_idx').on(table.address, table.purpose, table.channel),
  ],
);

// The cart a signed-in shopper last had at checkout (one row each, replaced on every
// change), so one who leaves before paying can be reminded although no order was made.
export const checkoutCarts = pgTable(
  'checkout_carts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').$type<CheckoutCartLine[]>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('checkout_carts_started_idx').on(table.startedAt)],
);

// One reminder per unpaid checkout (the pending order it made, or the cart recorded at
// checkout, kept in `lines` as it was then), at most one per shopper a day. The claim that holds
// across instances is made under a lock of the shopper's row (cart-reminders.ts).
export const cartReminders = pgTable(
  'cart_reminders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The recorded cart's lines, for a reminder of a checkout that made no order. */
    lines: jsonb('lines').$type<CheckoutCartLine[]>(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channels: text('channels').array().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** When its link first filled a cart again: a payment after it is a cart recovered. */
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (table) => [
    index('cart_reminders_user_sent_idx').on(table.userId, table.sentAt),
    check('cart_reminders_cart_check', sql`${table.orderId} is not null or ${table.lines} is not null`),
  ],
);

// Secrets the store makes for itself once and every instance reads (signing the links in messages),
// so no configuration is needed and every instance signs alike.
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

// Decision 0094: what order news asks of an order (its consent, address, account and whether a quote
// made it), a view of orders' and quotes' tables made by migration 0057, read here as this module's
// own; `.existing()` keeps drizzle-kit from managing it.
export const orderNoticeFacts = pgView('order_notice_facts', {
  orderId: uuid('order_id').notNull(),
  userId: integer('user_id'),
  notify: jsonb('notify').$type<NotifyConsent>(),
  shippingAddress: jsonb('shipping_address'),
  quoted: boolean('quoted').notNull(),
}).existing();
