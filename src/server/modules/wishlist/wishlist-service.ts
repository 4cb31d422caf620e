import { and, desc, eq, sql } from 'drizzle-orm';
import type { WishlistItem } from '../../../shared/api/wishlist';
import { toRupees } from '../../../shared/money';
import { slugWithId } from '../../../shared/slug';
import { type Db, rowsOf, type Tx } from '../../db/client';
import { notFound } from '../../errors';
import { categories, products } from '../catalog/tables';
import { wishlistItems } from './tables';

const PRODUCT_NOT_FOUND = 'Product not found';
const NOT_IN_WISHLIST = 'This product is not in your wishlist';

export type WishlistService = ReturnType<typeof createWishlistService>;

/** Every query is scoped by the caller's user id: nobody reaches another user's wishlist. */
export function createWishlistService({ db }: { db: Db }) {
  const itemsWhere = (condition: ReturnType<typeof and>) =>
    db
      .select({
        id: wishlistItems.id,
        productId: wishlistItems.productId,
        createdAt: wishlistItems.createdAt,
        name: products.name,
        image: products.image,
        category: categories.name,
        pricePaise: products.pricePaise,
        mrpPaise: products.mrpPaise,
        stock: products.stock,
        allowPreOrder: products.allowPreOrder,
        minQuantity: products.minQuantity,
      })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(condition)
      .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));

  type Row = Awaited<ReturnType<typeof itemsWhere>>[number];
  const toItem = (row: Row): WishlistItem => ({
    id: row.id,
    productId: row.productId,
    created_at: row.createdAt.toISOString(),
    product: {
      id: row.productId,
      name: row.name,
      slug: slugWithId(row.name, row.productId),
      image: row.image,
      category: row.category,
      price: toRupees(row.pricePaise),
      mrp: row.mrpPaise === null ? null : toRupees(row.mrpPaise),
      // DESIGN 4: inStock is derived from units on hand.
      inStock: row.stock > 0,
      allowPreOrder: row.allowPreOrder,
      minQuantity: row.minQuantity,
    },
  });

  return {
    /** Archived products are no longer sold, so they drop out of the list. */
    async list(userId: number): Promise<WishlistItem[]> {
      const rows = await itemsWhere(and(eq(wishlistItems.userId, userId), eq(products.archived, false)));
      return rows.map(toItem);
    },

    /** Adding a product twice keeps one entry (the unique index decides, also under races). */
    async add(userId: number, productId: number): Promise<{ item: WishlistItem; created: boolean }> {
      const inserted = rowsOf<{ id: number }>(
        await db.execute(sql`
          INSERT INTO ${wishlistItems} (user_id, product_id)
          SELECT ${userId}, ${products.id} FROM ${products}
          WHERE ${products.id} = ${productId} AND NOT ${products.archived}
          ON CONFLICT (user_id, product_id) DO NOTHING
          RETURNING id`),
      );
      const [row] = await itemsWhere(
        and(
          eq(wishlistItems.userId, userId),
          eq(wishlistItems.productId, productId),
          eq(products.archived, false),
        ),
      );
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      return { item: toItem(row), created: inserted.length > 0 };
    },

    async remove(userId: number, productId: number): Promise<void> {
      const removed = await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
        .returning({ id: wishlistItems.id });
      if (removed.length === 0) throw notFound(NOT_IN_WISHLIST);
    },

    async clear(userId: number): Promise<void> {
      await db.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
    },
  };
}

// Decision 0063: a shopper's wishlist, for their export and their erasure (account module).

/** The products on the wishlist by name, with when each was added. */
export async function wishlistOf(db: Db, userId: number) {
  return db
    .select({ product: products.name, addedAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId));
}

export async function eraseWishlistOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
}
