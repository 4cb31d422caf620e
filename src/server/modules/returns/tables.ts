import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RefundPayee } from '../../../shared/refund-payee';
import { bytea, createdAt } from '../../db/columns';
import { users } from '../auth/tables';
import { orderItems, orders } from '../orders/tables';

/**
 * Return requests: made by the customer within the return window, decided by the owner.
 * At most one is open ('requested') per order; approval refunds through the payment provider in
 * the transaction that locks this row, so a return is refunded once however often it is approved.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['requested', 'approved', 'rejected'] })
      .notNull()
      .default('requested'),
    reason: text('reason').notNull(),
    // Decision 0051: a change of mind (7 days), or the store's fault (a defective, damaged or wrong
    // item, or a late delivery: 30 days or more, the delivery charges refunded too).
    kind: text('kind', { enum: ['changed_mind', 'faulty', 'late'] })
      .notNull()
      .default('changed_mind'),
    refundPaise: bigint('refund_paise', { mode: 'number' }).notNull().default(0),
    /** The part of refundPaise that gives back the order's delivery charges (decision 0051). */
    deliveryRefundPaise: bigint('delivery_refund_paise', { mode: 'number' }).notNull().default(0),
    providerRefundId: text('provider_refund_id'),
    // Decision 0043: a cash on delivery order's refund is no provider's to make: it is owed to the
    // customer ('transfer', by bank transfer or UPI) until the owner marks it paid with a reference.
    refundMethod: text('refund_method', { enum: ['provider', 'transfer'] })
      .notNull()
      .default('provider'),
    refundPaidAt: timestamp('refund_paid_at', { withTimezone: true }),
    refundReference: text('refund_reference'),
    // Decision 0066: approval books a reverse pickup with the courier; the refund is released
    // (made through the provider, or owed by transfer) when the owner marks the items received
    // and checked, or at approval below the owner's amount.
    pickupAwb: text('pickup_awb'),
    pickupCourier: text('pickup_courier'),
    pickupProviderOrderId: text('pickup_provider_order_id'),
    pickupStatus: text('pickup_status'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundReleasedAt: timestamp('refund_released_at', { withTimezone: true }),
    // Decision 0067: where a cash on delivery refund goes, given by the customer on the signed
    // page their message links to (a UPI ID, or a bank account and IFSC), once.
    payee: jsonb('payee').$type<RefundPayee>(),
    payeeGivenAt: timestamp('payee_given_at', { withTimezone: true }),
    decisionNote: text('decision_note').notNull().default(''),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('return_requests_order_idx').on(table.orderId),
    uniqueIndex('return_requests_one_open_idx').on(table.orderId).where(sql`${table.status} = 'requested'`),
  ],
);

export const returnItems = pgTable(
  'return_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    quantity: integer('quantity').notNull(),
    // What these units cost the customer (their share of the line after any coupon).
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  },
  (table) => [index('return_items_return_idx').on(table.returnId)],
);

/**
 * Photos a customer adds to a return request, kept in the database (not on one instance's disk)
 * and served only to that customer and the owner.
 */
export const returnPhotos = pgTable(
  'return_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('return_photos_return_idx').on(table.returnId)],
);

/**
 * Decision 0064: a parcel back at the store (RTO) that the owner checked in, once per order: what
 * its prepaid payment owes back (less the return freight, when the owner's setting deducts it),
 * and when the refund was made; owed until then.
 */
export const returnedParcels = pgTable(
  'returned_parcels',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull(),
    checkedInBy: integer('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    owedPaise: integer('owed_paise').notNull(),
    deductionPaise: integer('deduction_paise').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    providerRef: text('provider_ref'),
  },
  (table) => [index('returned_parcels_owed_idx').on(table.checkedInAt).where(sql`refunded_at is null`)],
);
