import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ShippingAddress } from '../../../shared/address';
import type { DeliveryChoice } from '../../../shared/delivery-dates';
import { ADDRESS_EDIT_STATES } from '../../../shared/order-edits';
import { createdAt } from '../../db/columns';
import { orders } from '../orders/tables';

/**
 * Decision 0085: an address change held until its customer pays the dearer delivery fee's
 * difference: the new address and delivery choice as checked, the fee quoted, and the provider
 * order the difference is paid through. Only its payment (signature or webhook) applies it; one
 * not paid by `expires_at` lapses and changes nothing.
 */
export const addressEdits = pgTable(
  'address_edits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    address: jsonb('address').$type<ShippingAddress>().notNull(),
    delivery: jsonb('delivery').$type<DeliveryChoice>(),
    // The slot's fee quoted for the new choice and its charge's label; the order's slot fee when
    // quoted (the difference is their gap), and its updated_at, so an order changed meanwhile refuses it.
    slotFeePaise: bigint('slot_fee_paise', { mode: 'number' }).notNull(),
    slotFeeLabel: text('slot_fee_label'),
    differencePaise: bigint('difference_paise', { mode: 'number' }).notNull(),
    orderUpdatedAt: timestamp('order_updated_at', { withTimezone: true }).notNull(),
    requestedBy: text('requested_by', { enum: ['customer', 'admin'] }).notNull(),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull().unique(),
    state: text('state', { enum: ADDRESS_EDIT_STATES }).notNull().default('awaiting_payment'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // One change waits for payment at a time: a new one supersedes it.
    uniqueIndex('address_edits_awaiting_idx')
      .on(table.orderId)
      .where(sql`${table.state} = 'awaiting_payment'`),
    index('address_edits_state_expires_idx').on(table.state, table.expiresAt),
    check('address_edits_difference_positive', sql`${table.differencePaise} > 0`),
  ],
);
