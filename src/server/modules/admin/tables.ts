import { bigint, boolean, integer, jsonb, pgView, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Decision 0094: the back office's customers join accounts, saved addresses, orders and the money
// ledger, its order desk reads orders with their units; the joins are views made by migrations 0055
// and 0056, read here as this module's own (`.existing()` keeps drizzle-kit from managing them).

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

/**
 * An order as the order desk lists and filters it, with its units (item_count); its account's,
 * quote's, gift link's and COD confirmation's facts come from their owners' conditions on `id`
 * and `userId`.
 */
export const orderDeskRows = pgView('order_desk_rows', {
  id: uuid('id').notNull(),
  orderNumber: text('order_number').notNull(),
  userId: integer('user_id'),
  status: text('status').notNull(),
  totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
  paymentMethod: text('payment_method', { enum: ['online', 'cod'] }).notNull(),
  shippingAddress: jsonb('shipping_address'),
  giftMessage: text('gift_message'),
  hidePrices: boolean('hide_prices').notNull(),
  giftRecipientEmail: text('gift_recipient_email'),
  deliveryDate: text('delivery_date'),
  deliverySlot: text('delivery_slot'),
  deliverySlotId: integer('delivery_slot_id'),
  deliverySlotName: text('delivery_slot_name'),
  deliveryWindowStart: integer('delivery_window_start'),
  deliveryWindowEnd: integer('delivery_window_end'),
  giftBatchId: uuid('gift_batch_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  itemCount: integer('item_count').notNull(),
}).existing();
