import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { CollectionRule } from '../../../shared/api/admin';
import { createdAt } from '../../db/columns';
import { products } from '../catalog/tables';

export const collections = pgTable('collections', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  description: text('description').notNull().default(''),
  image: text('image').notNull().default(''),
  featured: boolean('featured').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  // Decision 0077: an automatic collection's rule; its products (collection_products) are worked
  // out again after every catalogue change. Null: the owner picks the products by hand.
  rule: jsonb('rule').$type<CollectionRule>(),
  createdAt: createdAt(),
});

export const collectionProducts = pgTable(
  'collection_products',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.productId] }),
    index('collection_products_product_idx').on(table.productId),
  ],
);
