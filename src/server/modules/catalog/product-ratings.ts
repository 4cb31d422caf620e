import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { products } from './tables';

// A product's rating is the reviews module's figure, kept on the product for the listing's sort
// (decision 0094: the catalogue writes its own table).

/** A product's rating and how many ratings make it; null when it is not sold (archived or none). */
export async function ratingOf(runner: Queryable, productId: number) {
  const [row] = await runner
    .select({ rating: products.rating, ratingCount: products.ratingCount })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.archived, false)));
  return row ?? null;
}

/**
 * Locks these products' rows until the caller's transaction ends (in id order, so two callers
 * never wait on each other): a product's rating is rewritten by one writer at a time.
 */
export async function lockProducts(tx: Tx, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...productIds]))
    .orderBy(asc(products.id))
    .for('update');
}

/** Writes each product's rating (the reviews module's figures), in one statement. */
export async function setRatings(
  tx: Tx,
  ratings: readonly { productId: number; rating: number; ratingCount: number }[],
): Promise<void> {
  if (ratings.length === 0) return;
  const list = (values: readonly number[]) => `{${values.join(',')}}`;
  await tx.execute(sql`
    UPDATE ${products} SET rating = given.rating, rating_count = given.rating_count
      FROM unnest(${list(ratings.map((r) => r.productId))}::int[], ${list(ratings.map((r) => r.rating))}::real[],
                  ${list(ratings.map((r) => r.ratingCount))}::int[]) AS given(id, rating, rating_count)
     WHERE ${products.id} = given.id`);
}
