import { and, asc, desc, eq, gte, inArray, isNull, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { products } from './tables';

// What other modules ask of the catalogue's products (decision 0094), in their own transaction.

/**
 * Decision 0077: the products on sale an automatic collection's rule (`rule`, the caller's jsonb
 * CollectionRule, each condition null for any) picks, the newest first: a subquery of rows
 * (product_id, position from 0) for the caller's statement, such as a LATERAL join per collection.
 */
export const productsPickedByRule = (rule: SQL): SQL => sql`
  SELECT p.id AS product_id, (row_number() OVER (ORDER BY p.created_at DESC, p.id) - 1)::int AS position
  FROM ${products} p
  WHERE NOT p.archived
    AND (${rule}->>'categoryId' IS NULL OR p.category_id = (${rule}->>'categoryId')::int)
    AND (${rule}->>'tag' IS NULL OR EXISTS (
      SELECT 1 FROM unnest(p.tags) AS tag WHERE lower(tag) = lower(${rule}->>'tag')))
    AND (${rule}->>'minPrice' IS NULL OR p.price_paise >= round((${rule}->>'minPrice')::numeric * 100))
    AND (${rule}->>'maxPrice' IS NULL OR p.price_paise <= round((${rule}->>'maxPrice')::numeric * 100))
    AND (${rule}->>'newInDays' IS NULL
      OR p.created_at >= now() - make_interval(days => (${rule}->>'newInDays')::int))`;

/**
 * Products one unit of which can be bought as it is for at most `maxPricePaise`: on sale, in
 * stock, needing no personal details; the dearest first, at most `limit`, none of `excluding`.
 */
export async function giftsInStockUpTo(
  runner: Queryable,
  { maxPricePaise, excluding, limit }: { maxPricePaise: number; excluding: readonly number[]; limit: number },
): Promise<number[]> {
  const found = await runner
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.archived, false),
        gte(products.stock, 1),
        lte(products.pricePaise, maxPricePaise),
        lte(products.minQuantity, 1),
        isNull(products.personalisation),
        excluding.length ? notInArray(products.id, [...excluding]) : undefined,
      ),
    )
    .orderBy(desc(products.pricePaise), asc(products.id))
    .limit(limit);
  return found.map((product) => product.id);
}

/**
 * Takes `units` of a product still on sale from its stock with a conditional decrement, so that
 * concurrent buyers on any number of instances never take more than there is; false when there
 * are not that many.
 */
export async function takeStock(tx: Tx, productId: number, units: number): Promise<boolean> {
  const taken = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${units}` })
    .where(and(eq(products.id, productId), gte(products.stock, units), eq(products.archived, false)))
    .returning({ id: products.id });
  return taken.length > 0;
}

/** Units back on the shelf (a return checked in, an order's reservation released), in product order so two restocks cannot deadlock. */
export async function restock(
  tx: Tx,
  lines: readonly { productId: number; quantity: number }[],
): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
}

/**
 * The products as an order or a bulk quote prices them (decision 0017): price, tiers, stock,
 * limits and what personal details they take.
 */
export function productsToPrice(runner: Queryable, productIds: readonly number[]) {
  return runner
    .select({
      id: products.id,
      name: products.name,
      image: products.image,
      pricePaise: products.pricePaise,
      quantityTiers: products.quantityTiers,
      categoryId: products.categoryId,
      stock: products.stock,
      allowPreOrder: products.allowPreOrder,
      minQuantity: products.minQuantity,
      archived: products.archived,
      personalisation: products.personalisation,
    })
    .from(products)
    .where(inArray(products.id, [...productIds]));
}

/** Today's stock flags of these products, which an order record shows beside its lines (SPEC 3), by id. */
export async function stockFlagsOf(runner: Queryable, productIds: readonly number[]) {
  const rows =
    productIds.length === 0
      ? []
      : await runner
          .select({
            id: products.id,
            stock: products.stock,
            allowPreOrder: products.allowPreOrder,
            addOnKind: products.addOnKind,
          })
          .from(products)
          .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(rows.map(({ id, ...flags }) => [id, flags]));
}

/** The products whose SKU is one of `skus`, compared without case (decision 0077: photos by SKU). */
export async function productsBySkus(
  runner: Queryable,
  skus: readonly string[],
): Promise<{ id: number; name: string; sku: string | null }[]> {
  if (skus.length === 0) return [];
  return runner
    .select({ id: products.id, name: products.name, sku: products.sku })
    .from(products)
    .where(
      inArray(
        sql`lower(${products.sku})`,
        skus.map((sku) => sku.toLowerCase()),
      ),
    );
}
