// The catalogue service other modules call (app.catalog): the reads and writes of catalog-reads.ts
// and catalog-writes.ts over one database and one cache, with search made ready at start-up and
// listeners told of every change.
import type { ProductListQuery } from '../../../shared/api/catalog';
import type { Db } from '../../db/client';
import { type CatalogCache, createCatalogCache } from './catalog-cache';
import * as reads from './catalog-reads';
import type { CatalogReader } from './catalog-rows';
import * as suggestions from './catalog-suggestions';
import * as writes from './catalog-writes';
import { prepareSearchIndex } from './search-index';

export type CatalogService = ReturnType<typeof createCatalogService>;

export function createCatalogService({
  db,
  cacheTtlMs = 60_000,
  cache = createCatalogCache({ ttlMs: cacheTtlMs, maxEntries: 1000 }),
}: {
  db: Db;
  cacheTtlMs?: number;
  cache?: CatalogCache;
}) {
  const changeListeners = new Set<() => void>();
  // A product page reads its product twice (the head and the rendered body) and a shopper's next
  // view of it comes soon: products are kept as briefly as rendered pages and API answers (10 s,
  // the bound on another instance's change going unseen), and dropped on any change here.
  const products = createCatalogCache({ ttlMs: 10_000, maxStaleMs: 10_000, maxEntries: 2000 });

  /** Every cached figure (and any listener's) is dropped on a change. */
  function invalidate() {
    cache.clear();
    products.clear();
    for (const listener of changeListeners) listener();
  }

  const reader: CatalogReader = { db, cache };
  const writer: writes.CatalogWriter = { db, cache, invalidate };
  let preparing: Promise<void> | null = null;

  return {
    /**
     * Makes search ready on a catalogue loaded without the service (the seed, a restore); see
     * prepareSearchIndex. Runs when the app starts; cheap when nothing is missing.
     */
    prepare(): Promise<void> {
      preparing ??= prepareSearchIndex(db)
        .then(() => invalidate())
        .finally(() => {
          preparing = null;
        });
      return preparing;
    },

    /** Drops cached figures; call it after changing catalogue rows without this service. */
    invalidate,

    /**
     * Call after changing stock outside this service (an order reserving or releasing units):
     * cached answers are dropped so shoppers see the new stock. Totals and search matches do not
     * depend on stock and are kept.
     */
    stockChanged() {
      products.clear();
      for (const listener of changeListeners) listener();
    },

    /** Runs the listener after every catalogue change made through this service. */
    onChange(listener: () => void): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },

    listProducts: (query: ProductListQuery) => reads.listProducts(reader, query),
    getProduct: (id: number) => products.remember(`product:${id}`, () => reads.getProduct(reader, id)),
    getProductsByIds: (ids: readonly number[]) => reads.getProductsByIds(reader, ids),
    listCategories: () => reads.listCategories(reader),
    catalogSummary: () => reads.catalogSummary(reader),
    listCollections: () => reads.listCollections(reader),
    getCollection: (id: number) => reads.getCollection(reader, id),
    sitemapEntries: () => reads.sitemapEntries(reader),
    suggestSearch: (q: string) => suggestions.suggestSearch(reader, q),
    similarProducts: (id: number) => suggestions.similarProducts(reader, id),

    createCategory: (input: writes.NewCategory) => writes.createCategory(writer, input),
    createProduct: (input: writes.NewProduct) => writes.createProduct(writer, input),
    updateProduct: (id: number, changes: writes.ProductChanges) => writes.updateProduct(writer, id, changes),
    createCollection: (input: writes.NewCollection) => writes.createCollection(writer, input),
  };
}
