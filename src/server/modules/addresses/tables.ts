import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { users } from '../auth/tables';

export const addresses = pgTable(
  'addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    addressLine1: text('address_line_1').notNull(),
    addressLine2: text('address_line_2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull().default('India'),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    addressType: text('address_type').notNull().default('home'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('addresses_user_idx').on(table.userId),
    // Customers found by any run of their phone's digits, however it was typed.
    index('addresses_phone_digits_trgm_idx').using(
      'gin',
      sql`(regexp_replace(${table.phone}, '\\D', '', 'g')) gin_trgm_ops`,
    ),
    // At most one default per user, enforced by the database so concurrent requests cannot break it.
    uniqueIndex('addresses_one_default_idx').on(table.userId).where(sql`${table.isDefault}`),
  ],
);
