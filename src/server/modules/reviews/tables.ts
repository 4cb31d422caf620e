import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../auth/tables';
import { products } from '../catalog/tables';

/**
 * Ratings and reviews: one per customer and product, from a delivered order. The
 * product's rating and rating_count are their aggregate over reviews that are not hidden,
 * written in the same transaction as every change here.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    // Plain text, never HTML; its length is limited by the API.
    text: text('text').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    // Decision 0059: written by the demo seed, so that one step (npm run db:remove-demo-reviews)
    // takes the demo ratings away with them.
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('reviews_product_user_idx').on(table.productId, table.userId),
    index('reviews_product_created_idx').on(table.productId, table.createdAt),
  ],
);
