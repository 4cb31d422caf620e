import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { SLOT_ZONE_KEYS } from '../../../shared/timed-slots';
import { createdAt, updatedAt } from '../../db/columns';

/**
 * Decision 0073: the owner's timed delivery slots. Minutes count from midnight India time; each
 * window of `window_minutes` between the start and the end is offered until `cutoff_minutes`
 * before it starts, at the listed pincodes and in the listed areas (shared/timed-slots.ts).
 */
export const deliverySlots = pgTable(
  'delivery_slots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    windowMinutes: integer('window_minutes').notNull(),
    feePaise: integer('fee_paise').notNull().default(0),
    cutoffMinutes: integer('cutoff_minutes').notNull().default(0),
    zones: text('zones', { enum: SLOT_ZONE_KEYS }).array().notNull().default(sql`'{}'::text[]`),
    pincodes: text('pincodes').array().notNull().default(sql`'{}'::text[]`),
    weekdays: integer('weekdays').array().notNull().default(sql`'{0,1,2,3,4,5,6}'::integer[]`),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'delivery_slots_window_fits',
      sql`${table.windowMinutes} > 0 and ${table.startMinute} >= 0 and ${table.startMinute} + ${table.windowMinutes} <= ${table.endMinute} and ${table.endMinute} <= 1440`,
    ),
    check('delivery_slots_fee_not_negative', sql`${table.feePaise} >= 0 and ${table.cutoffMinutes} >= 0`),
  ],
);
