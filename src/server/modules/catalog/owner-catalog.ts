import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { containsPattern } from '../../db/sql-helpers';
import { categories, products } from './tables';

// The catalogue as the owner works on it in the back office (decision 0094: read here, not from
// the tables): products whole with their category, for the product form and list and the CSV
// export and import; categories with their product counts; the GST rates still to confirm. Money
// in paise and rates in basis points, as stored: the back office shows them in rupees and percent.

/** A product's row as stored, every column. */
export type ProductRecord = typeof products.$inferSelect;

/** A product's row and its category's, every column of both. */
export type OwnerProduct = { product: ProductRecord; category: typeof categories.$inferSelect };

const selectOwnerProducts = (runner: Queryable) =>
  runner
    .select({ product: products, category: categories })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId));

/** A product, archived or not, with its category; undefined when there is none. */
export async function ownerProduct(runner: Queryable, id: number): Promise<OwnerProduct | undefined> {
  const [row] = await selectOwnerProducts(runner).where(eq(products.id, id));
  return row;
}

/**
 * A page of the back office's product list, newest first, and how many products it pages through:
 * archived ones or not (null: both), and those whose name or SKU holds `text` or whose id it is.
 */
export async function ownerProducts(
  runner: Queryable,
  {
    archived,
    text,
    limit,
    offset,
  }: { archived: boolean | null; text?: string; limit: number; offset: number },
): Promise<{ rows: OwnerProduct[]; total: number }> {
  const filters: SQL[] = [];
  if (archived !== null) filters.push(eq(products.archived, archived));
  if (text) {
    const id = /^\d{1,9}$/.test(text) ? Number(text) : null;
    const found = or(
      ilike(products.name, containsPattern(text)),
      ilike(products.sku, containsPattern(text)),
      ...(id !== null ? [eq(products.id, id)] : []),
    );
    if (found) filters.push(found);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    selectOwnerProducts(runner).where(where).orderBy(desc(products.id)).limit(limit).offset(offset),
    runner.select({ total: count() }).from(products).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Every product, archived ones included, with its category, by id. */
export function productRecordsWithCategory(runner: Queryable): Promise<OwnerProduct[]> {
  return selectOwnerProducts(runner).orderBy(asc(products.id));
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

/**
 * Categories in display order, each with how many products it holds, archived ones included (the
 * storefront counts only those for sale); `id` picks one.
 */
export function ownerCategories(runner: Queryable, id?: number) {
  return runner
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      image: categories.image,
      sortOrder: categories.sortOrder,
      hsnCode: categories.hsnCode,
      gstRateBp: categories.gstRateBp,
      gstRateToConfirm: categories.gstRateToConfirm,
      declarations: categories.declarations,
      parcel: categories.parcel,
      // Spelled out: inside a one-table select Drizzle leaves columns unqualified, and
      // `category_id = id` would compare each product with itself.
      productCount: sql<number>`(select count(*)::int from products p where p.category_id = categories.id)`,
    })
    .from(categories)
    .where(id === undefined ? undefined : eq(categories.id, id))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

/** Which of these category ids exist. */
export async function knownCategoryIds(runner: Queryable, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await runner
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/**
 * Decision 0059: the categories and products still at a GST slab the 22 September 2025 schedule
 * retired, with the HSN code and rate they are charged at (a product's own, else its category's).
 */
export async function gstRatesToConfirm(runner: Queryable) {
  const [categoryRows, productRows] = await Promise.all([
    runner
      .select({
        id: categories.id,
        name: categories.name,
        hsnCode: categories.hsnCode,
        rateBp: categories.gstRateBp,
      })
      .from(categories)
      .where(eq(categories.gstRateToConfirm, true))
      .orderBy(asc(categories.name)),
    runner
      .select({
        id: products.id,
        name: products.name,
        hsnCode: sql<string>`coalesce(${products.hsnCode}, ${categories.hsnCode})`,
        rateBp: sql<number>`coalesce(${products.gstRateBp}, ${categories.gstRateBp})`,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.gstRateToConfirm, true))
      .orderBy(asc(products.id)),
  ]);
  return { categories: categoryRows, products: productRows };
}
