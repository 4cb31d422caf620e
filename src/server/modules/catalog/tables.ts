import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  real,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AddOnKind } from '../../../shared/add-ons';
import type { DeclarationOverrides } from '../../../shared/legal-metrology';
import type { ParcelSize } from '../../../shared/parcel';
import type { PersonalisationConfig } from '../../../shared/personalisation-rules';
import type { QuantityTier } from '../../../shared/quantity-pricing';
import { createdAt, tsvector, updatedAt } from '../../db/columns';

export const categories = pgTable('categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description').notNull().default(''),
  image: text('image').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  // GST: the HSN code and rate (basis points, 1800 = 18%) of the category's products.
  hsnCode: text('hsn_code').notNull().default('9505'),
  gstRateBp: integer('gst_rate_bp').notNull().default(1800),
  // Decision 0059: set by the migration on a category still at a slab GST 2.0 retired (12%, 28%),
  // cleared when the owner confirms a current rate; the back office lists those set.
  gstRateToConfirm: boolean('gst_rate_to_confirm').notNull().default(false),
  // Decision 0059, Legal Metrology rule 6(10): the declarations its products show unless they set
  // their own (DeclarationOverrides, checked by the API).
  declarations: jsonb('declarations').$type<DeclarationOverrides>().notNull().default({}),
  // The courier parcel of one packed unit the owner set for the category (checked by ParcelSize);
  // null: the built-in default for its slug (shared/parcel.ts).
  parcel: jsonb('parcel').$type<ParcelSize>(),
  createdAt: createdAt(),
});

type ListingColumns = Record<
  'categoryId' | 'pricePaise' | 'createdAt' | 'rating' | 'featured' | 'id' | 'archived',
  AnyPgColumn
>;

/**
 * The listing's indexes (see products): for each order, with and without the category in front,
 * the sort key and id, then the price, featured flag and archive flag as trailing keys so that
 * filters on them are checked inside the index (Drizzle has no INCLUDE).
 */
function listingIndexes(table: ListingColumns) {
  const sorts = {
    price: table.pricePaise,
    created: table.createdAt,
    rating: table.rating,
    featured: table.featured,
    id: table.id,
  };
  return Object.entries(sorts).flatMap(([name, column]) => {
    const trailing = [table.pricePaise, table.featured, table.archived].filter((extra) => extra !== column);
    const keys = column === table.id ? [column, ...trailing] : [column, table.id, ...trailing];
    return [
      index(`products_category_${name}_idx`).on(table.categoryId, ...keys),
      index(`products_${name}_idx`).on(keys[0] as AnyPgColumn, ...keys.slice(1)),
    ];
  });
}

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    image: text('image').notNull().default(''),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    // A unit price, at most ₹1,00,00,000 (shared/api/admin.ts), so 32 bits hold it; every amount
    // an order sums from prices is 64-bit.
    pricePaise: integer('price_paise').notNull(),
    // The maximum retail price, tax included, printed on the pack (Legal Metrology rule 6(1)(e));
    // every product has one (decision 0059), at least the price.
    mrpPaise: integer('mrp_paise').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    stock: integer('stock').notNull().default(0),
    // The packed parcel's weight and size for the courier; null = the category's default
    // (shared/parcel.ts).
    weightGrams: integer('weight_grams'),
    lengthCm: integer('length_cm'),
    breadthCm: integer('breadth_cm'),
    heightCm: integer('height_cm'),
    allowPreOrder: boolean('allow_pre_order').notNull().default(false),
    minQuantity: integer('min_quantity').notNull().default(1),
    featured: boolean('featured').notNull().default(false),
    rating: real('rating').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    archived: boolean('archived').notNull().default(false),
    // The owner's stock-keeping unit, unique when given (products_sku_idx); null when none.
    sku: text('sku'),
    // GST of this product; null follows its category's HSN code and rate (shared/gst.ts).
    hsnCode: text('hsn_code'),
    gstRateBp: integer('gst_rate_bp'),
    // Decision 0059: as categories.gst_rate_to_confirm, for a product's own rate.
    gstRateToConfirm: boolean('gst_rate_to_confirm').notNull().default(false),
    // Decision 0059: the product's own Legal Metrology declarations, each overriding its category's.
    declarations: jsonb('declarations').$type<DeclarationOverrides>().notNull().default({}),
    // The country of origin it is shown with (its own, else its category's, else India), written by
    // the catalogue service with the declarations, so that the listing filters on a column.
    originCountry: text('origin_country').notNull().default('India'),
    // Text fields and photo rule a shopper fills in (PersonalisationConfig); null when the
    // product is not personalisable.
    personalisation: jsonb('personalisation').$type<PersonalisationConfig>(),
    // Quantity pricing tiers ([{ minQuantity, percentOff }], ascending) for bulk quotes;
    // retail carts never use them.
    quantityTiers: jsonb('quantity_tiers').$type<QuantityTier[]>().notNull().default([]),
    // Decision 0079: what kind of add-on the product is (shared/add-ons.ts), null when it is not
    // one; and the categories whose gifts offer it after Add to Cart.
    addOnKind: text('add_on_kind').$type<AddOnKind>(),
    addOnCategoryIds: integer('add_on_category_ids').array().notNull().default(sql`'{}'::integer[]`),
    // Lower-cased name, tags, category and description, written by the catalogue service on every
    // change; trigram and full-text search read it (array_to_string is not immutable, so a
    // generated column cannot build it from tags).
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    // The name's words alone, without positions: search ranks a product whose name is the words,
    // then one whose name holds them, above one whose other text does, bucket by bucket
    // (docs/decisions/0058-search-bounded-by-the-page.md).
    nameVector: tsvector('name_vector').generatedAlwaysAs(sql`strip(to_tsvector('simple', name))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One index per listing order (SPEC 7 sorts), with and without the category in front, each
    // holding the price and archive flag too: a page of any category, sort and price band is found
    // by an index-only scan (the band filtered inside the index), and only its rows are read.
    ...listingIndexes(table),
    index('products_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('products_search_vector_idx').using('gin', table.searchVector),
    index('products_name_vector_idx').using('gin', table.nameVector),
    // Decision 0079: the few add-ons, found without reading the catalogue.
    index('products_add_on_idx').on(table.id).where(sql`${table.addOnKind} IS NOT NULL`),
    // A name that is exactly the searched words is found by equality (the first bucket).
    index('products_name_words_idx').on(table.nameVector),
    uniqueIndex('products_sku_idx').on(table.sku),
    // Decision 0070: the listing's occasion and recipient filters are tags.
    index('products_tags_idx').using('gin', table.tags),
  ],
);

/**
 * Bumped after every catalogue change (catalog-service.ts); each instance compares its last-seen
 * value before answering from its caches, so a change made on one instance is seen on every other
 * at its next request. A sequence: bumping it never waits for a lock and reading it is cheap.
 * stock_version_seq is bumped by stock changes, which drop cached answers but not the figures
 * (totals, search matches) that do not depend on stock.
 */
export const catalogVersionSeq = pgSequence('catalog_version_seq');

export const stockVersionSeq = pgSequence('stock_version_seq');
