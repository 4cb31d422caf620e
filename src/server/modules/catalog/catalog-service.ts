// The catalogue service other modules call (app.catalog): the reads and writes of catalog-reads.ts
// and catalog-writes.ts over one database and one cache, with search made ready at start-up and
// listeners told of every change.
import { type SQL, sql } from 'drizzle-orm';
import type { ProductList, ProductListQuery } from '../../../shared/api/catalog';
import type { DeliverySpeed } from '../../../shared/gift-finder';
import type { ChangeCounters } from '../../db/change-counters';
import { type Db, rowsOf } from '../../db/client';
import { createSearchPostings } from '../search';
import * as addOnOffers from './add-on-offers';
import { type CatalogCache, createCatalogCache } from './catalog-cache';
import * as reads from './catalog-reads';
import type { CatalogReader } from './catalog-rows';
import * as suggestions from './catalog-suggestions';
import * as writes from './catalog-writes';
import * as declarations from './product-declarations';
import { prepareSearchIndex } from './search-text';

/**
 * What the catalogue asks of the collections module, which is built on it: the composition root
 * hands these in, as the owner of a query the others import takes their parts (decision 0094).
 */
export type CatalogCollections = {
  /** Decision 0077: automatic collections follow a change before it is told. */
  followChange(): Promise<void>;
  /** The collections' pages, for the sitemap. */
  pagePaths(): Promise<string[]>;
  /** SQL: the product whose id is `productId` shares a collection with product `id`. */
  sharesCollection(productId: SQL, id: number): SQL;
  /** The planner's statistics of the collections' products, after a bulk load (prepareSearchIndex). */
  gatherStatistics(): Promise<void>;
};

const NO_COLLECTIONS: CatalogCollections = {
  followChange: async () => {},
  pagePaths: async () => [],
  sharesCollection: () => sql`false`,
  gatherStatistics: async () => {},
};

export type CatalogService = ReturnType<typeof createCatalogService>;

export function createCatalogService({
  db,
  changesInProcess = null,
  cacheTtlMs = 60_000,
  cache = createCatalogCache({ ttlMs: cacheTtlMs, maxEntries: 1000 }),
  deliverySpeeds = async () => ({ today: false, midnight: false }),
  collections = NO_COLLECTIONS,
}: {
  db: Db;
  /** The embedded database's change counters: changes are then told in memory, not in the database. */
  changesInProcess?: ChangeCounters | null;
  cacheTtlMs?: number;
  cache?: CatalogCache;
  /** Decision 0070: the delivery module's answer for the listing's delivery filters. */
  deliverySpeeds?: (pincode: string) => Promise<Record<DeliverySpeed, boolean>>;
  collections?: CatalogCollections;
}) {
  const changeListeners = new Set<() => void>();
  let seen: { catalog: string; stock: string } | null = null;
  // A product page reads its product twice (the head and the rendered body) and a shopper's next
  // view of it comes soon: products are kept as briefly as rendered pages and API answers, and
  // dropped on any catalogue or stock change (sync sees another instance's).
  const products = createCatalogCache({ ttlMs: 10_000, maxStaleMs: 10_000, maxEntries: 2000 });

  /** A product and its declarations, read together and kept together (decision 0083). */
  const productPage = (id: number) =>
    products.remember(`product:${id}`, () => declarations.productWithDetails(reader, id));

  function clearAnswers() {
    products.clear();
    for (const listener of changeListeners) listener();
  }

  // Decision 0074: search's postings held in memory, dropped with every cached figure.
  const postings = createSearchPostings(db);

  function clearHere() {
    cache.clear();
    postings.stale();
    clearAnswers();
  }

  /**
   * Tells every instance of a change: the sequence moves on, and each instance's next `sync` sees
   * it. Called after the change is committed, so whoever sees the new number reads the new rows.
   * (This instance's own next sync clears once more: harmless.)
   */
  async function announce(change: 'catalog' | 'stock') {
    if (changesInProcess) {
      changesInProcess.bump(change);
      return;
    }
    await db.execute(
      change === 'catalog'
        ? sql`SELECT nextval('catalog_version_seq')`
        : sql`SELECT nextval('stock_version_seq')`,
    );
  }

  /** Every cached figure (and any listener's) is dropped on a change, here and on every instance. */
  async function invalidate() {
    // Decision 0077: automatic collections follow the change before anyone reads them.
    await collections.followChange();
    clearHere();
    await announce('catalog');
  }

  async function currentVersions(): Promise<{ catalog: string; stock: string } | undefined> {
    if (changesInProcess) {
      return {
        catalog: String(changesInProcess.count('catalog')),
        stock: String(changesInProcess.count('stock')),
      };
    }
    // A sequence's first nextval leaves last_value as it was and sets is_called.
    const [row] = rowsOf<{ catalog: string; stock: string }>(
      await db.execute(sql`SELECT
        (SELECT last_value::text || is_called::text FROM catalog_version_seq) AS catalog,
        (SELECT last_value::text || is_called::text FROM stock_version_seq) AS stock`),
    );
    return row;
  }

  async function lookForChanges(): Promise<void> {
    const row = await currentVersions();
    if (!row) return;
    const before = seen;
    seen = { catalog: row.catalog, stock: row.stock };
    if (before?.catalog !== row.catalog) clearHere();
    else if (before.stock !== row.stock) clearAnswers();
  }
  let syncing: Promise<void> | null = null;

  const reader: CatalogReader = { db, cache, postings };
  const writer: writes.CatalogWriter = { db, cache, postings, invalidate };
  let preparing: Promise<void> | null = null;

  return {
    /**
     * Makes search ready on a catalogue loaded without the service (the seed, a restore); see
     * prepareSearchIndex. Runs when the app starts; cheap when nothing is missing.
     */
    prepare(): Promise<void> {
      preparing ??= prepareSearchIndex(db, collections)
        .then(() => invalidate())
        .finally(() => {
          preparing = null;
        });
      return preparing;
    },

    /** Drops cached figures; call it after changing catalogue rows without this service. */
    invalidate,

    /** A figure derived from the catalogue (the collections' list), kept until the catalogue changes. */
    rememberFigure: <T>(key: string, load: () => Promise<T>): Promise<T> => cache.remember(key, load),

    /**
     * Reads search's postings now when they are not current, and waits for them (the bench's
     * warm-up and the tests that compare them with SQL); searches never wait for them.
     */
    searchPostingsReady: () => postings.ready(),

    /** Stops reading search's postings (the app closes). */
    close: () => postings.close(),

    /**
     * Before answering from a cache: when another instance (or this one) changed the catalogue
     * since the last look, every cached figure and answer here is dropped. One read of a
     * sequence's last value, far cheaper than the answers it guards; requests that arrive while a
     * look is under way share it, as settings reads do (decision 37), so under a crowd it runs far
     * less than once per request. On the embedded database the look reads counts kept in memory
     * and makes no query (decision 47).
     */
    sync(): Promise<void> {
      if (syncing) return syncing;
      const current = lookForChanges().finally(() => {
        if (syncing === current) syncing = null;
      });
      syncing = current;
      return current;
    },

    /**
     * Call after changing stock outside this service (an order reserving or releasing units):
     * cached answers are dropped so shoppers see the new stock, here at once and on the other
     * instances at their next request. Totals and search matches do not depend on stock and are
     * kept here.
     */
    stockChanged(): Promise<void> {
      clearAnswers();
      // The caller's change is committed and it need not wait for this; a failed announcement
      // leaves the other instances' answers to their 10-second lifetime.
      return announce('stock').catch(() => {});
    },

    /** Runs the listener after every catalogue change made through this service. */
    onChange(listener: () => void): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },

    async listProducts(query: ProductListQuery): Promise<ProductList> {
      // Decision 0070: where nothing can arrive that fast, no product does.
      if (query.delivery && query.pincode && !(await deliverySpeeds(query.pincode))[query.delivery])
        return { data: [], total: 0, nextCursor: null };
      return reads.listProducts(reader, query);
    },
    getProduct: async (id: number) => (await productPage(id)).product,
    getProductsByIds: (ids: readonly number[]) => reads.getProductsByIds(reader, ids),
    productDetails: async (id: number) => (await productPage(id)).details,
    originCountries: () => declarations.originCountries(reader),
    listCategories: () => reads.listCategories(reader),
    catalogSummary: () => reads.catalogSummary(reader),
    listedProducts: (listing: reads.ProductListing) => reads.listedProducts(reader, listing),
    sitemapEntries: () => reads.sitemapEntries(reader, collections.pagePaths),
    suggestSearch: (q: string) => suggestions.suggestSearch(reader, q),
    similarProducts: (id: number) => suggestions.similarProducts(reader, id, collections.sharesCollection),
    addOnsOffered: (id: number) => addOnOffers.addOnsOffered(reader, id),

    createCategory: (input: writes.NewCategory) => writes.createCategory(writer, input),
    changeCategory: (id: number, changes: writes.CategoryChanges) =>
      writes.changeCategory(writer, id, changes),
    createProduct: (input: writes.NewProduct) => writes.createProduct(writer, input),
    updateProduct: (id: number, changes: writes.ProductChanges) => writes.updateProduct(writer, id, changes),
  };
}
