import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListQuery } from '../../../shared/api/catalog';
import { categories, products } from '../../db/schema';
import { seedDatabase } from '../../db/seed/index';
import { setUpTestDatabase } from '../../testing/test-store';
import { commonWords, crossQueries, typoQueries } from '../../testing/typo-queries';
import {
  cappedCount,
  correctSearch,
  countFrom,
  createSearchPostings,
  filterSql,
  type ListingFilter,
  type Postings,
  rankedIds,
  rankedIdsFrom,
  readPostings,
  SEARCH_COUNT_CAP,
  searchBuckets,
} from '../search';
import { createCatalogCache } from './catalog-cache';
import { listProducts } from './catalog-reads';
import type { CatalogReader } from './catalog-rows';
import { createCatalogService } from './catalog-service';
import { suggestSearch } from './catalog-suggestions';

// Decision 0074: the postings held in memory must answer every search exactly as the SQL buckets
// do, on PGlite and on PostgreSQL, and follow a change made by another instance.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-postings-'));
const store = setUpTestDatabase();
let reader: CatalogReader;
let postings: Postings;
let named: { id: number; name: string }[];
let categoryIds: number[];

beforeAll(async () => {
  // Enough products that the commonest words' buckets are walked in listing order in SQL (2,000
  // expected or more), as at 1,00,000 products.
  await seedDatabase(store.database, {
    dataDir,
    products: 3_000,
    artworkCacheDir: process.env.SEED_ARTWORK_CACHE_DIR,
  });
  const service = createCatalogService({ db: store.database.db });
  await service.prepare();
  reader = { db: store.database.db, cache: createCatalogCache({ ttlMs: 60_000, maxEntries: 1000 }) };
  postings = (await readPostings(store.database.db, () => true)) as Postings;
  named = await store.database.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.archived, false))
    .orderBy(asc(products.id));
  categoryIds = (await store.database.db.select({ id: categories.id }).from(categories)).map((row) => row.id);
}, 120_000);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The page's ids and the capped count, from SQL and from the postings, for one search. */
async function bothWays(search: string, filter: ListingFilter, need: number) {
  const words = await correctSearch(reader, search);
  const buckets = await searchBuckets(reader, words ?? []);
  const widest = buckets.at(-1);
  if (!widest) return null;
  const sqlIds = await rankedIds(reader, filterSql(filter), buckets, need);
  const memoryIds = rankedIdsFrom(
    postings,
    buckets.map((bucket) => bucket.rule),
    filter,
    need,
  );
  const sqlCount = await cappedCount(
    reader,
    // Keyed per search and filter, as the listing keys it.
    sql`${filterSql(filter)} AND ${widest.condition}`,
    JSON.stringify([search, filter]),
  );
  const memoryCount = countFrom(postings, widest.rule, filter, SEARCH_COUNT_CAP + 1);
  return { sqlIds, memoryIds, sqlCount, memoryCount };
}

/**
 * Expects the same answers from both readers for three pages of the query by cursor and for the
 * numbered pages; returns how many pages were walked by cursor.
 */
async function expectSamePages(
  fromSql: CatalogReader,
  fromMemory: CatalogReader,
  query: ProductListQuery,
  numbered: number[],
): Promise<number> {
  let walked = 0;
  let cursor: string | undefined;
  for (let page = 1; page <= 3; page += 1) {
    const asked = { ...query, ...(cursor ? { cursor } : {}) };
    const expected = await listProducts(fromSql, asked);
    expect({ asked, answer: await listProducts(fromMemory, asked) }).toEqual({ asked, answer: expected });
    walked += 1;
    if (!expected.nextCursor) break;
    cursor = expected.nextCursor;
  }
  for (const page of numbered) {
    const asked = { ...query, page };
    expect(await listProducts(fromMemory, asked)).toEqual(await listProducts(fromSql, asked));
  }
  return walked;
}

describe('the search postings held in memory (decision 0074)', () => {
  it("answer the crowd's searches with the SQL buckets' pages and counts, whatever the filter", async () => {
    const searches = [
      ...typoQueries(named, 25).map((query) => query.search),
      ...crossQueries(named, 25),
      ...commonWords(named, 10),
      'gift',
      'return gift',
      'retrun gifts',
      'hampr printed',
      'choc',
      'chocolat bouqet',
      'brass dyia',
      'eco-friendly gift',
      'handmade',
    ];
    const filters: ListingFilter[] = [
      {},
      { categoryId: categoryIds[0] as number },
      { maxPaise: 29_900 },
      { minPaise: 30_000, maxPaise: 99_900 },
      { featured: true },
      { categoryId: categoryIds[1] as number, minPaise: 100_000, country: 'India' },
    ];
    let compared = 0;
    let withMatches = 0;
    for (const [index, search] of searches.entries()) {
      const filter = filters[index % filters.length] as ListingFilter;
      for (const need of [25, 73]) {
        const answers = await bothWays(search, filter, need);
        if (!answers) continue;
        expect({ search, filter, need, ids: answers.memoryIds }).toEqual({
          search,
          filter,
          need,
          ids: answers.sqlIds,
        });
        expect({ search, filter, count: answers.memoryCount }).toEqual({
          search,
          filter,
          count: answers.sqlCount,
        });
        compared += 1;
        if (answers.sqlIds.length > 0) withMatches += 1;
      }
    }
    expect(compared).toBeGreaterThan(130);
    expect(withMatches).toBeGreaterThan(100);
  });

  it('answer sorted searches, their pages, cursors and totals, as SQL does', async () => {
    const held = createSearchPostings(store.database.db);
    await held.ready();
    const fromSql: CatalogReader = {
      db: store.database.db,
      cache: createCatalogCache({ ttlMs: 60_000, maxEntries: 1000 }),
    };
    const fromMemory: CatalogReader = {
      ...fromSql,
      cache: createCatalogCache({ ttlMs: 60_000, maxEntries: 1000 }),
      postings: held,
    };
    const searches = [
      'gift',
      'retrun gifts',
      'hampr printed',
      'brass dyia',
      ...commonWords(named, 4),
      ...crossQueries(named, 4),
    ];
    const orders: Pick<ProductListQuery, 'sort' | 'order'>[] = [
      { sort: 'price', order: 'asc' },
      { sort: 'price', order: 'desc' },
      { sort: 'rating', order: 'desc' },
      { sort: 'created_at', order: 'desc' },
      { sort: 'created_at', order: 'asc' },
      { sort: 'featured', order: 'asc' },
      { sort: 'featured', order: 'desc' },
      { sort: 'id', order: 'asc' },
    ];
    const bands: Pick<ProductListQuery, 'minPrice' | 'maxPrice'>[] = [
      {},
      { maxPrice: 299 },
      { minPrice: 1000 },
    ];
    let pages = 0;
    for (const [index, search] of searches.entries()) {
      for (const [place, sorted] of orders.entries()) {
        const query: ProductListQuery = {
          search,
          ...sorted,
          ...bands[(index + place) % bands.length],
          limit: 7,
        };
        // Three pages by cursor, and the third by its number.
        pages += await expectSamePages(fromSql, fromMemory, query, [3]);
      }
    }
    expect(pages).toBeGreaterThan(150);
    await held.close();
  });

  it('answer listing pages without a search, their pages, cursors and totals, as SQL does (decision 0083)', async () => {
    const held = createSearchPostings(store.database.db);
    await held.ready();
    const fromSql: CatalogReader = {
      db: store.database.db,
      cache: createCatalogCache({ ttlMs: 60_000, maxEntries: 1000 }),
    };
    const fromMemory: CatalogReader = {
      ...fromSql,
      cache: createCatalogCache({ ttlMs: 60_000, maxEntries: 1000 }),
      postings: held,
    };
    const slugs = (await store.database.db.select({ slug: categories.slug }).from(categories)).map(
      (row) => row.slug,
    );
    const orders: Pick<ProductListQuery, 'sort' | 'order'>[] = [
      {},
      { sort: 'price', order: 'asc' },
      { sort: 'price', order: 'desc' },
      { sort: 'created_at', order: 'desc' },
      { sort: 'created_at', order: 'asc' },
      { sort: 'featured', order: 'asc' },
      { sort: 'featured', order: 'desc' },
      { sort: 'id', order: 'desc' },
    ];
    const filters: Pick<ProductListQuery, 'minPrice' | 'maxPrice' | 'featured' | 'country'>[] = [
      {},
      { maxPrice: 299 },
      { minPrice: 300, maxPrice: 999 },
      { minPrice: 1000 },
      { featured: true },
      { country: 'India' },
    ];
    let pages = 0;
    for (const [index, category] of [undefined, ...slugs.slice(0, 4)].entries()) {
      for (const [place, sorted] of orders.entries()) {
        const query: ProductListQuery = {
          ...(category ? { category } : {}),
          ...sorted,
          ...filters[(index + place) % filters.length],
          limit: 9,
        };
        // Three pages by cursor, and the fourth and a page past the last by their numbers.
        pages += await expectSamePages(fromSql, fromMemory, query, [4, 40]);
      }
    }
    expect(pages).toBeGreaterThan(100);
    await held.close();
  });

  it("offer the header's suggestions, products and categories, as SQL does", async () => {
    const held = createSearchPostings(store.database.db);
    await held.ready();
    const cache = () => createCatalogCache({ ttlMs: 60_000, maxEntries: 1000 });
    const fromSql: CatalogReader = { db: store.database.db, cache: cache() };
    const fromMemory: CatalogReader = { db: store.database.db, cache: cache(), postings: held };
    for (const q of ['choc', 'gift', 'retrun gi', 'hampr', 'brass dyia', 'kid', ...commonWords(named, 6)]) {
      const expected = await suggestSearch(fromSql, q);
      expect(expected.products.length).toBeGreaterThan(0);
      expect({ q, answer: await suggestSearch(fromMemory, q) }).toEqual({ q, answer: expected });
    }
    await held.close();
  });

  it('ranks a name that is the words first, then names holding every word, then texts holding some', async () => {
    // A featured, newer product holding both words leads the listing order, yet comes second.
    const service = createCatalogService({ db: store.database.db });
    const rival = await service.createProduct({
      name: 'Chocolate Bouquet Deluxe Hamper',
      categoryId: categoryIds[0] as number,
      pricePaise: 99_900,
      mrpPaise: 99_900,
      featured: true,
    });
    await service.close();
    postings = (await readPostings(store.database.db, () => true)) as Postings;
    const answers = await bothWays('chocolat bouqet', {}, 400);
    expect(answers?.memoryIds).toEqual(answers?.sqlIds);
    const ids = answers?.memoryIds ?? [];
    const nameOf = (id: number) => named.find((product) => product.id === id)?.name.toLowerCase() ?? '';
    expect(nameOf(ids[0] as number)).toBe('chocolate bouquet');
    expect(ids[1]).toBe(rival.id);
    const holdsBoth = (id: number) =>
      id === rival.id || (nameOf(id).includes('chocolate') && nameOf(id).includes('bouquet'));
    const firstWithout = ids.findIndex((id) => !holdsBoth(id));
    expect(firstWithout).toBeGreaterThan(1);
    expect(ids.slice(firstWithout).some(holdsBoth)).toBe(false);
  });

  it('are dropped when another instance changes the catalogue, and read again with the change', async () => {
    const db = store.database.db;
    const changes = store.database.changesInProcess;
    const here = createCatalogService({ db, changesInProcess: changes });
    const elsewhere = createCatalogService({ db, changesInProcess: changes });
    const product = named[named.length - 1] as { id: number; name: string };
    await here.sync();
    await here.searchPostingsReady();
    const before = await here.listProducts({ search: product.name, limit: 5 });
    expect(before.data[0]?.id).toBe(product.id);

    await elsewhere.updateProduct(product.id, { name: 'Zanzibar Quokka Lantern' });
    // The next request here looks for changes first (routes.ts), and answers from SQL meanwhile.
    await here.sync();
    const renamed = await here.listProducts({ search: 'zanzibar quokka', limit: 5 });
    expect(renamed.data.map((found) => found.id)).toEqual([product.id]);
    await here.searchPostingsReady();
    const read = await here.listProducts({ search: 'zanzibar quokka', limit: 5 });
    expect(read.data.map((found) => found.id)).toEqual([product.id]);

    await elsewhere.updateProduct(product.id, { archived: true });
    await here.sync();
    await here.searchPostingsReady();
    expect((await here.listProducts({ search: 'zanzibar quokka', limit: 5 })).data).toEqual([]);
    await here.close();
    await elsewhere.close();
  });
});
