import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { OwnerSettings } from '../../../shared/owner-settings';
import { updatedAt } from '../../db/columns';
import { users } from '../auth/tables';

/**
 * The owner's settings (src/shared/owner-settings.ts), one row (id 1) holding the saved
 * values as one object; configuration gives every value not saved. `version` goes up on each
 * save, so every instance sees a change with one cheap read (src/server/modules/settings).
 */
export const storeSettings = pgTable(
  'store_settings',
  {
    id: integer('id').primaryKey(),
    values: jsonb('values').$type<Partial<OwnerSettings>>().notNull(),
    version: integer('version').notNull(),
    updatedAt: updatedAt(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [check('store_settings_one_row', sql`${table.id} = 1`)],
);

/** One line per change an owner makes to settings, staff or a corporate approval: who, when, what. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // Kept as written, so the line still says who after the account is gone.
    userEmail: text('user_email').notNull(),
    // 'customers': an account approved as a corporate buyer, or that approval withdrawn (decision 0081).
    area: text('area', { enum: ['settings', 'staff', 'customers'] }).notNull(),
    changes: jsonb('changes').$type<{ key: string; from: unknown; to: unknown }[]>().notNull(),
  },
  (table) => [index('admin_audit_log_area_idx').on(table.area, table.at)],
);
