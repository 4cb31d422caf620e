import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, updatedAt } from '../../db/columns';
import { orders } from '../orders/tables';

/**
 * A parcel booked with the courier for an order. At most one open (not cancelled)
 * shipment per order; the label PDF is kept here, so printing it again needs no courier call.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    providerShipmentId: text('provider_shipment_id').notNull(),
    awb: text('awb').notNull(),
    courierName: text('courier_name').notNull(),
    // booked → picked_up → in_transit → out_for_delivery → delivered, or undelivered → rto_initiated
    // → rto_in_transit → rto_delivered; cancelled before pickup.
    status: text('status').notNull().default('booked'),
    label: bytea('label').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    lengthCm: integer('length_cm').notNull(),
    breadthCm: integer('breadth_cm').notNull(),
    heightCm: integer('height_cm').notNull(),
    pickupDate: text('pickup_date'),
    expectedDelivery: text('expected_delivery'),
    // The shopper's answer to a failed delivery, as sent to the courier (NDR action).
    deliveryAnswer: jsonb('delivery_answer'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('shipments_awb_idx').on(table.provider, table.awb),
    uniqueIndex('shipments_open_order_idx').on(table.orderId).where(sql`cancelled_at is null`),
  ],
);

/**
 * Each tracking scan the courier reported, stored once per shipment and event key
 * (status and time), so a redelivered or late webhook changes nothing twice.
 */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    kind: text('kind').notNull(),
    activity: text('activity').notNull().default(''),
    location: text('location').notNull().default(''),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    // Decision 0054: a scan the order's status machine refused (a return after delivery): kept
    // for the owner to see, off the shipment's state and the public timeline.
    refusedAt: timestamp('refused_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('shipment_events_key_idx').on(table.shipmentId, table.eventKey)],
);
