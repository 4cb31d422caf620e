import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * The built-in courier's parcels (the sandbox at /sandbox/courier): what was booked and
 * its planned scans, sent one by one through the tracking webhook code when due.
 */
export const sandboxParcels = pgTable('sandbox_parcels', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  channelOrderId: text('channel_order_id').notNull(),
  awb: text('awb').unique(),
  pincode: text('pincode').notNull(),
  city: text('city').notNull(),
  deliveryDays: integer('delivery_days').notNull(),
  booking: jsonb('booking').notNull(),
  status: text('status').notNull().default('new'),
  // The scans still to come, each { kind, activity, location, dueAt }, earliest first.
  plan: jsonb('plan').notNull().default([]),
  sent: jsonb('sent').notNull().default([]),
  pickupDate: text('pickup_date'),
  ndrAction: jsonb('ndr_action'),
  createdAt: createdAt(),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
});
