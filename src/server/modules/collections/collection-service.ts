// Collections (SPEC 7): gifts the owner picks by hand or by a rule (decision 0077), as the
// storefront lists them. Their products are the catalogue's, read through its entry; the list is
// kept with the catalogue's figures and dropped with them on every change.
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { CollectionRule } from '../../../shared/api/admin';
import {
  type CollectionDetail,
  type CollectionSummary,
  LISTING_PAGE_SIZE,
} from '../../../shared/api/catalog';
import { slugify, slugWithId } from '../../../shared/slug';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import {
  type CatalogCollections,
  type CatalogService,
  productOnSale,
  productsPickedByRule,
} from '../catalog';
import { createOwnerCollections } from './owner-collections';
import { collectionProducts, collections } from './tables';

/** Decision 0077: how often automatic collections are looked at when nothing else changes. */
export const RULE_COLLECTIONS_EVERY_MS = 60 * 60 * 1000;

export type NewCollection = {
  name: string;
  description?: string;
  image?: string;
  featured?: boolean;
  sortOrder?: number;
  /** In display order. */
  productIds?: number[];
  /** Decision 0077: an automatic collection's rule (its products follow it). */
  rule?: CollectionRule | null;
};

/** A collection as the API lists it, with the number of its products. */
function collectionSummaryOf(
  collection: typeof collections.$inferSelect,
  productCount: number,
): CollectionSummary {
  return {
    id: collection.id,
    name: collection.name,
    slug: slugWithId(collection.name, collection.id),
    description: collection.description,
    image: collection.image,
    featured: collection.featured,
    productCount,
  };
}

/**
 * Decision 0077: works out again the products of every automatic collection from its rule, in
 * one transaction: the newest first. Every catalogue change runs it (the catalog service's
 * `invalidate`), and an hourly timer for "new in N days", which time alone changes.
 */
async function refreshRuleCollections(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Two instances' changes at once rewrite one after the other, never into each other's rows.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('rule-collections'))`);
    await tx.execute(
      sql`DELETE FROM collection_products WHERE collection_id IN (SELECT id FROM collections WHERE rule IS NOT NULL)`,
    );
    // The catalogue picks each rule's products (decision 0094): still one statement.
    await tx.execute(sql`
      INSERT INTO collection_products (collection_id, product_id, position)
      SELECT c.id, picked.product_id, picked.position
      FROM collections c
      CROSS JOIN LATERAL (${productsPickedByRule(sql`c.rule`)}) picked
      WHERE c.rule IS NOT NULL
      ON CONFLICT DO NOTHING`);
  });
}

/** What the catalogue asks of collections (CatalogCollections), handed to it by services.ts. */
export function catalogCollections(db: Db): CatalogCollections {
  return {
    followChange: () => refreshRuleCollections(db),
    async pagePaths() {
      const rows = await db
        .select({ id: collections.id, name: collections.name })
        .from(collections)
        .orderBy(asc(collections.id));
      return rows.map((row) => `/collection/${slugWithId(row.name, row.id)}`);
    },
    sharesCollection: (productId: SQL, id: number) => sql`${productId} IN (
        SELECT mine.product_id FROM collection_products theirs
        JOIN collection_products mine ON mine.collection_id = theirs.collection_id
        WHERE theirs.product_id = ${id})`,
    gatherStatistics: async () => {
      await db.execute(sql`ANALYZE ${collectionProducts}`);
    },
  };
}

export type CollectionService = ReturnType<typeof createCollectionService>;

export function createCollectionService({ db, catalog }: { db: Db; catalog: CatalogService }) {
  return {
    ...createOwnerCollections({ db, catalog }),

    listCollections(): Promise<CollectionSummary[]> {
      return catalog.rememberFigure('collections', async () => {
        const rows = await db
          .select({
            id: collections.id,
            name: collections.name,
            description: collections.description,
            image: collections.image,
            featured: collections.featured,
            productCount: sql<number>`(select count(*) from collection_products cp where cp.collection_id = collections.id and ${productOnSale(sql`cp.product_id`)})::int`,
          })
          .from(collections)
          .orderBy(desc(collections.featured), asc(collections.sortOrder), asc(collections.id));
        return rows.map((row) => ({
          ...row,
          slug: slugWithId(row.name, row.id),
          productCount: Number(row.productCount),
        }));
      });
    },

    /** A collection with its visible products in display order; 404 'Collection not found'. */
    async getCollection(id: number): Promise<CollectionDetail> {
      const [collection] = await db.select().from(collections).where(eq(collections.id, id));
      if (!collection) throw notFound('Collection not found');
      const products = await catalog.listedProducts({
        table: sql`collection_products cp`,
        productId: sql`cp.product_id`,
        where: sql`cp.collection_id = ${id}`,
        orderBy: sql`cp.position`,
        limit: LISTING_PAGE_SIZE,
      });
      return { ...collectionSummaryOf(collection, products.length), products };
    },

    async createCollection(input: NewCollection): Promise<CollectionSummary> {
      const collection = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(collections)
          .values({
            name: input.name,
            slug: slugify(input.name),
            description: input.description ?? '',
            image: input.image ?? '',
            featured: input.featured ?? false,
            sortOrder: input.sortOrder ?? 0,
            rule: input.rule ?? null,
          })
          .returning();
        if (!row) throw new Error('The collection was not created');
        const productIds = input.rule ? [] : [...new Set(input.productIds ?? [])];
        if (productIds.length > 0) {
          await tx
            .insert(collectionProducts)
            .values(productIds.map((productId, position) => ({ collectionId: row.id, productId, position })));
        }
        return row;
      });
      // The catalogue's change: automatic collections follow it, every cached figure is dropped.
      await catalog.invalidate();
      return collectionSummaryOf(collection, input.rule ? 0 : (input.productIds?.length ?? 0));
    },

    /** Decision 0077: the hourly look at automatic collections ("new in N days" moves with time). */
    refreshRuleCollections: () => catalog.invalidate(),
  };
}
