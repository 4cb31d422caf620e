import { asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { categories, products } from './tables';

// Products and categories whole, as the back office's CSV export and import read them (decision
// 0094): every column, since the file has one for most of them.

/** A product's row as stored, every column. */
export type ProductRecord = typeof products.$inferSelect;

/** Every product, archived ones included, with its category's slug, by id. */
export function productRecordsWithCategory(
  runner: Queryable,
): Promise<{ product: ProductRecord; categorySlug: string }[]> {
  return runner
    .select({ product: products, categorySlug: categories.slug })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(asc(products.id));
}

/** The products of these ids, every column; unknown ids are absent. */
export async function productRecordsOf(runner: Queryable, ids: readonly number[]): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  return runner
    .select()
    .from(products)
    .where(inArray(products.id, [...ids]));
}

/** The products that hold these exact SKUs. */
export async function skuHoldersOf(
  runner: Queryable,
  skus: readonly string[],
): Promise<{ id: number; sku: string | null }[]> {
  if (skus.length === 0) return [];
  return runner
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(inArray(products.sku, [...skus]));
}

/** Every category's id, name and slug, in no particular order. */
export function categoryNames(runner: Queryable): Promise<{ id: number; slug: string; name: string }[]> {
  return runner.select({ id: categories.id, slug: categories.slug, name: categories.name }).from(categories);
}
