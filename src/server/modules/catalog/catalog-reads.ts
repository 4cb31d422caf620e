// What shoppers read of the catalogue (SPEC 7): product listings, a product, categories, the
// products another module lists (a collection's) and the sitemap's pages; figures that are costly
// to work out are cached.
import { type SQL, sql } from 'drizzle-orm';
import {
  type CatalogSummary,
  type Category,
  DEFAULT_SORT_ORDER,
  LISTING_PAGE_SIZE,
  type Product,
  type ProductList,
  type ProductListQuery,
  type ProductSort,
  type SortOrder,
} from '../../../shared/api/catalog';
import { toRupees } from '../../../shared/money';
import { policyPageList } from '../../../shared/policy-pages';
import { slugify, slugWithId } from '../../../shared/slug';
import { asJsonRows, executePrepared, fromJsonRows, rowsOf } from '../../db/client';
import { invalid } from '../../errors';
import {
  type CorrectedWord,
  cappedCount,
  correctSearch,
  countFrom,
  cursorValueOf,
  filterOf,
  filterSql,
  isFiltered,
  type ListingFilter,
  postingsFilter,
  queryWords,
  rankedIds,
  rankedIdsFrom,
  SEARCH_COUNT_CAP,
  type SearchBucket,
  type SortedStart,
  searchBuckets,
  sortedIdsFrom,
  textMatchSql,
  textRuleOf,
  tsqueryOf,
} from '../search';
import {
  type CatalogProduct,
  type CatalogReader,
  categoryRows,
  productRows,
  productsByIds,
  selectPage,
  selectProducts,
  toApiProduct,
} from './catalog-rows';
import { decodeCursor, encodeCursor } from './listing-cursor';

type SitemapEntry = { path: string; lastModified: Date | null };

const directionOf = (order: SortOrder) => sql.raw(order === 'asc' ? 'ASC' : 'DESC');

/** The column of each listing order; the id follows it as the last key so pages never overlap. */
const SORT_COLUMNS: Readonly<Record<Exclude<ProductSort, 'relevance'>, { column: string; type: string }>> = {
  featured: { column: 'p.featured', type: 'boolean' },
  id: { column: 'p.id', type: 'integer' },
  created_at: { column: 'p.created_at', type: 'timestamptz' },
  price: { column: 'p.price_paise', type: 'integer' },
  rating: { column: 'p.rating', type: 'real' },
};

/** ORDER BY of a sort, with the id as the last key (served by the listing indexes in schema.ts). */
function orderSql(sort: Exclude<ProductSort, 'relevance'>, order: SortOrder): SQL {
  const direction = directionOf(order);
  if (sort === 'id') return sql`p.id ${direction}`;
  return sql`${sql.raw(SORT_COLUMNS[sort].column)} ${direction}, p.id ${direction}`;
}

/** Rows after a keyset cursor in this order: (sort value, id) past the cursor's. */
function afterSql(sort: Exclude<ProductSort, 'relevance'>, order: SortOrder, value: string, id: number): SQL {
  const { column, type } = SORT_COLUMNS[sort];
  const past = sql.raw(order === 'asc' ? '>' : '<');
  if (sort === 'id') return sql`p.id ${past} ${id}`;
  return sql`(${sql.raw(column)}, p.id) ${past} (${value}::${sql.raw(type)}, ${id})`;
}

/**
 * Totals depend on the filters only (never the sort or page), so each category, price band and
 * search is counted once and kept until the catalogue changes: a shopper scrolling or re-sorting
 * costs no count. The count itself is an index-only scan of the listing indexes.
 */
function count({ db, cache }: CatalogReader, where: SQL, key: string): Promise<number> {
  return cache.remember(`total:${key}`, async () => {
    const [row] = await executePrepared<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM products p WHERE ${where}`,
    );
    return Number(row?.n ?? 0);
  });
}

/** GET /api/products: filters, typo-tolerant ranked search, sort, pages (SPEC 7). */
export async function listProducts(reader: CatalogReader, query: ProductListQuery): Promise<ProductList> {
  const result = await listProductsWith(reader, query, 'all');
  // Several words that no product has together, in a sorted search: show products with any of
  // them instead (a relevance search ranks those last by itself, decision 0058).
  const sorted = query.sort !== undefined && query.sort !== 'relevance';
  if (sorted && result.total === 0 && query.search !== undefined && queryWords(query.search).length > 1) {
    return listProductsWith(reader, query, 'any');
  }
  return result;
}

async function listProductsWith(
  reader: CatalogReader,
  query: ProductListQuery,
  mode: 'all' | 'any',
): Promise<ProductList> {
  const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const filter = filterOf(query);
  if (query.category !== undefined) {
    const slug = slugify(query.category);
    const category = (await categoryRows(reader)).find((entry) => entry.slug === slug);
    if (!category) return { data: [], total: 0, nextCursor: null };
    filter.categoryId = category.id;
  }
  const filters = filterSql(filter);

  const words = await correctSearch(reader, query.search);
  const matching = words ? textMatchSql(words, mode) : null;
  if (words && matching === null) return { data: [], total: 0, nextCursor: null };
  const limit = query.limit ?? LISTING_PAGE_SIZE;
  const sort: ProductSort = query.sort ?? (words ? 'relevance' : 'featured');
  const order: SortOrder = sort === 'relevance' ? 'desc' : (query.order ?? DEFAULT_SORT_ORDER[sort]);

  if (words && sort === 'relevance') return rankedPage(reader, words, filter, query, cursor);
  const where = matching ? sql`${filters} AND ${matching}` : filters;
  const key = JSON.stringify([filter, words ? tsqueryOf(words, mode) : null]);

  const listed = sort === 'relevance' ? 'featured' : sort;
  const listedOrder = sort === 'relevance' ? 'desc' : order;
  let offset = ((query.page ?? 1) - 1) * limit;
  let pageWhere = where;
  if (cursor) {
    if (cursor.kind !== 'after' || cursor.sort !== `${listed}:${listedOrder}`)
      throw invalid('cursor is not valid');
    pageWhere = sql`${where} AND ${afterSql(listed, listedOrder, cursor.value, cursor.id)}`;
    offset = 0;
  }
  // Decision 0074: a sorted search is answered from the postings held in memory when they are
  // current (its count and its page's ids), else in SQL; by rating always in SQL (PostingsSort).
  // Decision 0083: so is a listing page's ids (its total stays the count kept per filter).
  const postings = listed !== 'rating' ? postingsFor(reader, filter) : null;
  const rule = words ? textRuleOf(words, mode) : null;
  // A search's total is counted up to a cap: a word most products share would otherwise cost a
  // count of most of the catalogue, for every different search a crowd types (decision 0058).
  const counted =
    postings && rule
      ? countFrom(postings, rule, filter, SEARCH_COUNT_CAP + 1)
      : matching
        ? await cappedCount(reader, where, key)
        : await count(reader, where, key);
  const totalCapped = matching !== null && counted > SEARCH_COUNT_CAP;
  const total = totalCapped ? SEARCH_COUNT_CAP : counted;
  // A page number past the last page (a crawler's, or typed by hand) is empty, and finding that out
  // in the index means reading every entry of its filter; the total, kept per filter, says so.
  if (offset >= counted)
    return { data: [], total, nextCursor: null, ...(totalCapped ? { totalCapped } : {}) };
  const pageOrder = { orderBy: orderSql(listed, listedOrder), sortKey: sql.raw(SORT_COLUMNS[listed].column) };
  const after = cursor?.kind === 'after' && listed !== 'rating' ? cursorValueOf(listed, cursor.value) : null;
  const start: SortedStart | null = !cursor
    ? { skip: offset }
    : after !== null && cursor.kind === 'after'
      ? { after: { value: after, id: cursor.id } }
      : null;
  // One row more than asked, to know whether a page follows.
  const page =
    postings && start && listed !== 'rating'
      ? await pageOfIds(
          reader,
          filters,
          sortedIdsFrom(postings, rule, filter, listed, listedOrder, start, limit + 1),
          pageOrder,
        )
      : await selectPage(reader, { where: pageWhere, ...pageOrder, limit: limit + 1, offset });
  const shown = page.slice(0, limit);
  const last = shown.at(-1);
  const nextCursor =
    page.length > limit && last
      ? encodeCursor({
          kind: 'after',
          sort: `${listed}:${listedOrder}`,
          value: last.sortKey,
          id: last.product.id,
        })
      : null;
  return {
    data: shown.map(({ product }) => toApiProduct(product)),
    total,
    nextCursor,
    ...(totalCapped ? { totalCapped } : {}),
  };
}

/** Search's postings when they are current and can apply the filter, else null: SQL answers. */
function postingsFor(reader: CatalogReader, filter: ListingFilter) {
  return postingsFilter(filter) ? (reader.postings?.current() ?? null) : null;
}

/**
 * The products with these ids, in the page's order, each with its sort key as the database prints
 * it: read by their ids alone, with no index walk to the page (decision 0083).
 */
async function pageOfIds(
  reader: CatalogReader,
  filters: SQL,
  ids: number[],
  order: { orderBy: SQL; sortKey: SQL },
): ReturnType<typeof selectPage> {
  if (ids.length === 0) return [];
  const rows = await productRows<{ sortKey: string }>(
    reader,
    {
      where: sql`${filters} AND p.id = ANY(${`{${ids.join(',')}}`}::int[])`,
      orderBy: order.orderBy,
      limit: ids.length,
    },
    sql`${order.sortKey}::text AS "sortKey"`,
  );
  return rows.map(({ product, row }) => ({ product, sortKey: row.sortKey }));
}

/**
 * A search by relevance: the page's ids from the ranking buckets (decision 0058), then its
 * products. The total is exact when every match fitted in the buckets' reads, else counted up to
 * SEARCH_COUNT_CAP. Its cursor is a position in the ranked order.
 */
async function rankedPage(
  reader: CatalogReader,
  words: CorrectedWord[],
  filter: ListingFilter,
  query: ProductListQuery,
  cursor: ReturnType<typeof decodeCursor> | null,
): Promise<ProductList> {
  const buckets = await searchBuckets(reader, words);
  if (buckets.length === 0) return { data: [], total: 0, nextCursor: null };
  if (cursor && cursor.kind !== 'offset') throw invalid('cursor is not valid');
  const limit = query.limit ?? LISTING_PAGE_SIZE;
  const offset = cursor ? cursor.offset : ((query.page ?? 1) - 1) * limit;
  const need = offset + limit + 1;
  // Decision 0074: the postings held in memory answer when they are current, else SQL does.
  const postings = postingsFor(reader, filter);
  const rules = buckets.map((bucket) => bucket.rule);
  const ids = postings
    ? rankedIdsFrom(postings, rules, filter, need)
    : await rankedIds(reader, filterSql(filter), buckets, need);
  const data = await productsInOrder(reader, ids.slice(offset, offset + limit));
  const nextCursor =
    ids.length > offset + limit ? encodeCursor({ kind: 'offset', offset: offset + limit }) : null;
  if (ids.length < need) return { data, total: ids.length, nextCursor };
  // Every product of an earlier bucket also meets the last one, so the last counts them all. With
  // no filter, the vocabulary's count of its commonest word may already say it is past the cap.
  const widest = buckets.at(-1) as SearchBucket;
  if (!isFiltered(filter) && widest.atLeast > SEARCH_COUNT_CAP)
    return { data, total: SEARCH_COUNT_CAP, nextCursor, totalCapped: true };
  const counted = postings
    ? countFrom(postings, widest.rule, filter, SEARCH_COUNT_CAP + 1)
    : await cappedCount(
        reader,
        sql`${filterSql(filter)} AND ${widest.condition}`,
        JSON.stringify([filter, tsqueryOf(words, 'any')]),
      );
  if (counted > SEARCH_COUNT_CAP) return { data, total: SEARCH_COUNT_CAP, nextCursor, totalCapped: true };
  return { data, total: counted, nextCursor };
}

/** The products with these ids as the API shows them, in the order of the ids. */
async function productsInOrder(reader: CatalogReader, ids: number[]): Promise<Product[]> {
  const rows = new Map((await productsByIds(reader, ids)).map((product) => [product.id, product]));
  return ids.flatMap((id) => {
    const product = rows.get(id);
    return product ? [toApiProduct(product)] : [];
  });
}

/**
 * Current price (paise), stock and flags of the given products, archived ones included (with
 * `archived: true`) so a cart or order can say which item is gone. Unknown ids are absent.
 */
export async function getProductsByIds(
  reader: CatalogReader,
  ids: readonly number[],
): Promise<Map<number, CatalogProduct>> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  const found = await productsByIds(reader, unique);
  return new Map(found.map((product) => [product.id, product]));
}

/** Categories in display order with how many visible products each has. */
export async function listCategories(reader: CatalogReader): Promise<Category[]> {
  const { db, cache } = reader;
  const [rows, counts] = await Promise.all([
    categoryRows(reader),
    cache.remember('category-counts', async () => {
      const result = await db.execute(
        sql`SELECT category_id AS id, count(*)::int AS n FROM products WHERE NOT archived GROUP BY category_id`,
      );
      return new Map(rowsOf<{ id: number; n: number }>(result).map((row) => [Number(row.id), Number(row.n)]));
    }),
  ]);
  return rows.map((row) => ({ ...row, productCount: counts.get(row.id) ?? 0 }));
}

/** The figures behind the home's claims, cached like the other catalogue figures. */
export function catalogSummary({ db, cache }: CatalogReader): Promise<CatalogSummary> {
  return cache.remember('summary', async () => {
    const [row] = rowsOf<{ products: number; lowest: number | null }>(
      await db.execute(
        sql`SELECT count(*)::int AS products, min(price_paise)::int AS lowest FROM products WHERE NOT archived`,
      ),
    );
    const lowest = row?.lowest ?? null;
    return {
      productCount: Number(row?.products ?? 0),
      lowestPrice: lowest === null ? null : toRupees(Number(lowest)),
    };
  });
}

/**
 * The visible products another module lists in a table of its own (a collection's members), in
 * its order, then by id: `table` with its alias, `productId` its column of product ids, `where`
 * and `orderBy` over its own columns (decision 0094).
 */
export async function listedProducts(
  reader: CatalogReader,
  { table, productId, where, orderBy, limit }: ProductListing,
): Promise<Product[]> {
  const items = await selectProducts(reader, {
    from: sql`products p JOIN ${table} ON ${productId} = p.id`,
    where: sql`${where} AND NOT p.archived`,
    orderBy: sql`${orderBy}, p.id`,
    limit,
  });
  return items.map(toApiProduct);
}

export type ProductListing = { table: SQL; productId: SQL; where: SQL; orderBy: SQL; limit: number };

/** Every public catalogue page, for /sitemap.xml; `collectionPaths` are the collections' pages. */
export function sitemapEntries(
  reader: CatalogReader,
  collectionPaths: () => Promise<string[]>,
): Promise<SitemapEntry[]> {
  const { db, cache } = reader;
  return cache.remember('sitemap', async () => {
    const [categoryRowsList, collectionPathList, productResult] = await Promise.all([
      categoryRows(reader),
      collectionPaths(),
      db.execute(
        asJsonRows(
          sql`SELECT id, name, updated_at AS "updatedAt" FROM products WHERE NOT archived ORDER BY id`,
        ),
      ),
    ]);
    const productRows = fromJsonRows<{ id: number; name: string; updatedAt: string }>(
      rowsOf<{ rows: string }>(productResult)[0],
    );
    return [
      { path: '/', lastModified: null },
      { path: '/products', lastModified: null },
      { path: '/categories', lastModified: null },
      { path: '/collections', lastModified: null },
      // The pages a seller in India must show.
      ...policyPageList.map((page) => ({ path: page.path, lastModified: null })),
      ...categoryRowsList.map((row) => ({ path: `/category/${row.slug}`, lastModified: null })),
      ...collectionPathList.map((path) => ({ path, lastModified: null })),
      ...productRows.map((row) => ({
        path: `/product/${slugWithId(row.name, row.id)}`,
        lastModified: new Date(row.updatedAt),
      })),
    ];
  });
}
