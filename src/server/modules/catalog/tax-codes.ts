import { eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { categories, products } from './tables';

/** A product's HSN code and GST rate in basis points, as its invoice line is taxed. */
export type TaxCode = { hsn: string; rateBp: number };

/**
 * What invoices ask of the catalogue (decision 0094): each product's own HSN code and rate, else
 * its category's (per-product GST), by product id, in the caller's transaction.
 */
export async function taxCodesOf(
  runner: Queryable,
  productIds: readonly number[],
): Promise<Map<number, TaxCode>> {
  if (productIds.length === 0) return new Map();
  const rows = await runner
    .select({
      id: products.id,
      hsn: sql<string>`coalesce(${products.hsnCode}, ${categories.hsnCode})`,
      rateBp: sql<number>`coalesce(${products.gstRateBp}, ${categories.gstRateBp})::int`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(rows.map((row) => [row.id, { hsn: row.hsn, rateBp: Number(row.rateBp) }]));
}
