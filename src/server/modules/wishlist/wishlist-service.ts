import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { WishlistItem } from '../../../shared/api/wishlist';
import { toRupees } from '../../../shared/money';
import { slugWithId } from '../../../shared/slug';
import { type Db, rowsOf, type Tx } from '../../db/client';
import { notFound } from '../../errors';
import { type ProductCard, productCardsOf, productNamesOf, productOnSale } from '../catalog';
import { wishlistItems } from './tables';

const PRODUCT_NOT_FOUND = 'Product not found';
const NOT_IN_WISHLIST = 'This product is not in your wishlist';

export type WishlistService = ReturnType<typeof createWishlistService>;

/** Every query is scoped by the caller's user id: nobody reaches another user's wishlist. */
export function createWishlistService({ db }: { db: Db }) {
  const toItem = (entry: typeof wishlistItems.$inferSelect, card: ProductCard): WishlistItem => ({
    id: entry.id,
    productId: entry.productId,
    created_at: entry.createdAt.toISOString(),
    product: {
      id: entry.productId,
      name: card.name,
      slug: slugWithId(card.name, entry.productId),
      image: card.image,
      category: card.category,
      price: toRupees(card.pricePaise),
      mrp: card.mrpPaise === null ? null : toRupees(card.mrpPaise),
      // DESIGN 4: inStock is derived from units on hand.
      inStock: card.stock > 0,
      allowPreOrder: card.allowPreOrder,
      minQuantity: card.minQuantity,
    },
  });

  /** The shopper's entries newest first, each with its product as sold now; archived ones left out. */
  async function itemsWhere(condition: SQL | undefined): Promise<WishlistItem[]> {
    const entries = await db
      .select()
      .from(wishlistItems)
      .where(condition)
      .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
    const cards = await productCardsOf(db, [...new Set(entries.map((entry) => entry.productId))]);
    const cardOf = new Map(cards.map((card) => [card.id, card]));
    return entries.flatMap((entry) => {
      const card = cardOf.get(entry.productId);
      return card && !card.archived ? [toItem(entry, card)] : [];
    });
  }

  return {
    /** Archived products are no longer sold, so they drop out of the list. */
    async list(userId: number): Promise<WishlistItem[]> {
      return itemsWhere(eq(wishlistItems.userId, userId));
    },

    /** Adding a product twice keeps one entry (the unique index decides, also under races). */
    async add(userId: number, productId: number): Promise<{ item: WishlistItem; created: boolean }> {
      const inserted = rowsOf<{ id: number }>(
        await db.execute(sql`
          INSERT INTO ${wishlistItems} (user_id, product_id)
          SELECT ${userId}, ${productId}::int WHERE ${productOnSale(productId)}
          ON CONFLICT (user_id, product_id) DO NOTHING
          RETURNING id`),
      );
      const [item] = await itemsWhere(
        and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)),
      );
      if (!item) throw notFound(PRODUCT_NOT_FOUND);
      return { item, created: inserted.length > 0 };
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
  const entries = await db
    .select({ productId: wishlistItems.productId, addedAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId));
  const names = await productNamesOf(db, [...new Set(entries.map((entry) => entry.productId))]);
  return entries.map((entry) => ({ product: names.get(entry.productId) ?? '', addedAt: entry.addedAt }));
}

export async function eraseWishlistOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
}
