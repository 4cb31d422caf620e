import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { categories, products } from './tables';

// What other modules read of a product (decision 0094): its card, name, price and parcel.

/** The products of these ids still sold, with their price and what prices them by quantity. */
export async function pricedProductsOf(runner: Queryable, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return runner
    .select({
      id: products.id,
      pricePaise: products.pricePaise,
      quantityTiers: products.quantityTiers,
      categoryId: products.categoryId,
    })
    .from(products)
    .where(and(inArray(products.id, [...productIds]), eq(products.archived, false)));
}

/** What a card of each of these products shows, archived ones too (their `archived` says so). */
export async function productCardsOf(runner: Queryable, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return runner
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      image: products.image,
      category: categories.name,
      pricePaise: products.pricePaise,
      mrpPaise: products.mrpPaise,
      stock: products.stock,
      allowPreOrder: products.allowPreOrder,
      minQuantity: products.minQuantity,
      archived: products.archived,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, [...productIds]));
}

/** The names of these products, archived ones too, by id. */
export async function productNamesOf(runner: Queryable, productIds: readonly number[]) {
  if (productIds.length === 0) return new Map<number, string>();
  const rows = await runner
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The condition that the product `productId` (a value or the caller's column) is still sold, for
 * the caller's statement: a row is written only for a product on sale, in one statement.
 */
export function productOnSale(productId: SQL | number): SQL {
  return sql`exists (select 1 from ${products} where ${products.id} = ${productId} and not ${products.archived})`;
}

export type ProductCard = Awaited<ReturnType<typeof productCardsOf>>[number];

/** Each product's parcel as the courier packs it: its own size, else its category's. */
export async function parcelFactsOf(runner: Queryable, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return runner
    .select({
      id: products.id,
      weightGrams: products.weightGrams,
      lengthCm: products.lengthCm,
      breadthCm: products.breadthCm,
      heightCm: products.heightCm,
      categorySlug: categories.slug,
      categoryParcel: categories.parcel,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, [...productIds]));
}

/** Can be bought now: in stock for at least its least order, and not archived. */
const buyable = sql`${products.stock} >= greatest(${products.minQuantity}, 1) and not ${products.archived}`;

/** The condition that the product `productId` (the caller's column) can be bought now. */
export function productBuyable(productId: SQL | AnyPgColumn): SQL {
  return sql`exists (select 1 from ${products} where ${products.id} = ${productId} and ${buyable})`;
}

/** Whether the product is archived, and whether it can be bought now; null when there is none. */
export async function availabilityOf(runner: Queryable, productId: number) {
  const [product] = await runner
    .select({ archived: products.archived, buyable: sql<boolean>`${buyable}` })
    .from(products)
    .where(eq(products.id, productId));
  return product ?? null;
}
