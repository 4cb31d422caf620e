import { bigint, integer, pgView, text, timestamp } from 'drizzle-orm/pg-core';

// Decision 0094: the back office's customers join accounts, saved addresses, orders and the money
// ledger; the joins are views made by migration 0055, read here as this module's own (`.existing()`
// keeps drizzle-kit from managing them).

/** An account with the phone to call, its paid orders, spend in paise and last order. */
export const customerSummaries = pgView('customer_summaries', {
  id: integer('id').notNull(),
  fullName: text('full_name').notNull(),
  email: text('email'),
  username: text('username').notNull(),
  role: text('role', { enum: ['customer', 'admin'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  phone: text('phone'),
  paidOrders: integer('paid_orders').notNull(),
  spendPaise: bigint('spend_paise', { mode: 'number' }).notNull(),
  lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
}).existing();

/** Every phone a customer gave (saved addresses and orders), as its digits. */
export const customerPhones = pgView('customer_phones', {
  userId: integer('user_id'),
  digits: text('digits'),
}).existing();
