import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../auth/tables';
import { orders } from '../orders/tables';

/**
 * Coupon codes made by the owner. `usedCount` counts the orders holding a redemption;
 * it only grows through a conditional UPDATE, so concurrent orders cannot pass the usage limit.
 */
export const coupons = pgTable('coupons', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  // Stored upper-case; shoppers may type it in any case.
  code: text('code').notNull().unique(),
  description: text('description').notNull().default(''),
  kind: text('kind', { enum: ['percent', 'flat'] }).notNull(),
  // A whole percent (1-100) for 'percent', paise for 'flat'.
  value: integer('value').notNull(),
  minOrderPaise: bigint('min_order_paise', { mode: 'number' }).notNull().default(0),
  maxDiscountPaise: bigint('max_discount_paise', { mode: 'number' }),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  usageLimit: integer('usage_limit'),
  perCustomerLimit: integer('per_customer_limit'),
  // Empty: every category.
  categoryIds: integer('category_ids').array().notNull().default(sql`'{}'::integer[]`),
  active: boolean('active').notNull().default(true),
  usedCount: integer('used_count').notNull().default(0),
  // Decision 0077: a coupon orders have used is never edited (their invoices name its terms); it is
  // retired for good instead, and a new code takes its place.
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** One row per order that used a coupon; removed when that order expires unpaid. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('coupon_redemptions_coupon_user_idx').on(table.couponId, table.userId)],
);
