// The back office's collections (decision 0077): each with its rule or its products by name, and
// the owner's changes to them. The checks of what a change names (a category, products) are the
// back office's (admin-catalog); every change here is a catalogue change, told as one.
import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AdminCollection, AdminCollectionChanges } from '../../../shared/api/admin';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { type CatalogService, productCardsOf } from '../catalog';
import { collectionProducts, collections } from './tables';

const COLLECTION_NOT_FOUND = 'Collection not found';

/** The collections `where` picks, in the owner's order, each with its products in display order. */
async function collectionsWhere(db: Db, where: SQL | undefined): Promise<AdminCollection[]> {
  const rows = await db
    .select()
    .from(collections)
    .where(where)
    .orderBy(asc(collections.sortOrder), asc(collections.id));
  if (rows.length === 0) return [];
  const members = await db
    .select({ collectionId: collectionProducts.collectionId, productId: collectionProducts.productId })
    .from(collectionProducts)
    .where(
      inArray(
        collectionProducts.collectionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(collectionProducts.position), asc(collectionProducts.productId));
  const cards = new Map(
    (await productCardsOf(db, [...new Set(members.map((member) => member.productId))])).map((card) => [
      card.id,
      card,
    ]),
  );
  return rows.map((row) => ({
    id: row.id,
    rule: row.rule ?? null,
    name: row.name,
    description: row.description,
    image: row.image,
    featured: row.featured,
    sortOrder: row.sortOrder,
    products: members
      .filter((member) => member.collectionId === row.id)
      .flatMap(({ productId }) => {
        const card = cards.get(productId);
        return card ? [{ id: card.id, name: card.name, archived: card.archived }] : [];
      }),
  }));
}

export function createOwnerCollections({ db, catalog }: { db: Db; catalog: CatalogService }) {
  async function ownerCollection(id: number): Promise<AdminCollection> {
    const [found] = await collectionsWhere(db, eq(collections.id, id));
    if (!found) throw notFound(COLLECTION_NOT_FOUND);
    return found;
  }

  return {
    ownerCollections: () => collectionsWhere(db, undefined),
    ownerCollection,

    /**
     * Fields, and with `productIds` the whole membership in that display order (the caller leaves
     * them out of an automatic collection, whose products follow its rule).
     */
    async changeCollection(
      id: number,
      fields: Omit<AdminCollectionChanges, 'productIds'>,
      productIds: readonly number[] | null,
    ): Promise<AdminCollection> {
      await db.transaction(async (tx) => {
        if (Object.keys(fields).length > 0)
          await tx.update(collections).set(fields).where(eq(collections.id, id));
        if (productIds) {
          await tx.delete(collectionProducts).where(eq(collectionProducts.collectionId, id));
          if (productIds.length > 0) {
            await tx
              .insert(collectionProducts)
              .values(productIds.map((productId, position) => ({ collectionId: id, productId, position })));
          }
        }
      });
      await catalog.invalidate();
      return ownerCollection(id);
    },

    /** Decision 0077: a collection goes, with its place on the storefront; its products stay. */
    async deleteCollection(id: number): Promise<void> {
      const deleted = await db
        .delete(collections)
        .where(eq(collections.id, id))
        .returning({ id: collections.id });
      if (deleted.length === 0) throw notFound(COLLECTION_NOT_FOUND);
      await catalog.invalidate();
    },
  };
}
