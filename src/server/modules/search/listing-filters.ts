// The filters of a listing or a search (SPEC 7, and decision 0070's gift filters): one rule, read
// as SQL (filterSql) and, where they can, by search's postings held in memory (search-postings.ts,
// decision 0074), so both keep the same products.
import { type SQL, sql } from 'drizzle-orm';
import type { ProductListQuery } from '../../../shared/api/catalog';

/** What a shopper narrowed the listing to; an absent field does not filter. */
export type ListingFilter = {
  categoryId?: number;
  minPaise?: number;
  maxPaise?: number;
  featured?: boolean;
  country?: string;
  /** Decision 0070: occasion and recipient are tags the product holds (products_tags_idx). */
  tags?: string[];
  /** Decision 0070: what can be sent today or at midnight is from stock. */
  inStock?: true;
};

/** The filter of a listing query, all but its category (found by slug). */
export function filterOf(query: ProductListQuery): ListingFilter {
  const filter: ListingFilter = {};
  if (query.minPrice !== undefined) filter.minPaise = Math.ceil(query.minPrice * 100);
  if (query.maxPrice !== undefined) filter.maxPaise = Math.floor(query.maxPrice * 100);
  if (query.featured !== undefined) filter.featured = query.featured;
  if (query.country !== undefined) filter.country = query.country;
  const tags = [query.occasion, query.recipient].filter((tag) => tag !== undefined);
  if (tags.length > 0) filter.tags = tags;
  // Today or at midnight is from stock: a sold-out or pre-order product ships in its window.
  if (query.delivery) filter.inStock = true;
  return filter;
}

/** The visible products passing the filter, as a condition on `products p`. */
export function filterSql(filter: ListingFilter): SQL {
  const conditions: SQL[] = [sql`NOT p.archived`];
  if (filter.categoryId !== undefined) conditions.push(sql`p.category_id = ${filter.categoryId}`);
  if (filter.minPaise !== undefined) conditions.push(sql`p.price_paise >= ${filter.minPaise}`);
  if (filter.maxPaise !== undefined) conditions.push(sql`p.price_paise <= ${filter.maxPaise}`);
  if (filter.featured !== undefined) conditions.push(sql`p.featured = ${filter.featured}`);
  if (filter.country !== undefined) conditions.push(sql`p.origin_country = ${filter.country}`);
  if (filter.tags) conditions.push(sql`p.tags @> ${`{${filter.tags.join(',')}}`}::text[]`);
  if (filter.inStock) conditions.push(sql`p.stock >= greatest(p.min_quantity, 1)`);
  return sql.join(conditions, sql` AND `);
}

/** Whether anything but visibility filters. */
export const isFiltered = (filter: ListingFilter) =>
  Object.values(filter).some((value) => value !== undefined);

/**
 * Whether search's postings can apply the filter: they hold no tags, and stock changes without a
 * catalogue change, so those filters are SQL's (decision 0074).
 */
export const postingsFilter = (filter: ListingFilter) =>
  filter.tags === undefined && filter.inStock === undefined;
