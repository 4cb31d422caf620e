import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  type Category,
  type CollectionDetail,
  type CollectionSummary,
  DEFAULT_SORT_ORDER,
  LISTING_PAGE_SIZE,
  type Product,
  type ProductList,
  type ProductListQuery,
  type ProductSort,
  type SortOrder,
} from '../../../shared/api/catalog';
import { type Paise, toRupees } from '../../../shared/money';
import type { PersonalisationConfig } from '../../../shared/personalisation-rules';
import type { QuantityTier } from '../../../shared/quantity-pricing';
import { slugify, slugWithId } from '../../../shared/slug';
import { type Db, rowsOf, type Tx } from '../../db/client';
import { categories, collectionProducts, collections, products, searchTerms } from '../../db/schema';
import { notFound } from '../../errors';
import { type CatalogCache, createCatalogCache } from './catalog-cache';
import { type CorrectedWord, correctedPhrase, correctWords, queryWords, tsqueryOf } from './search-query';
import { createVocabulary, trigramSimilarity, trigramsOf, type Vocabulary, wordsOf } from './vocabulary';

/** A product as the server's other modules need it: the API fields plus paise and the archive flag. */
export type CatalogProduct = Product & { pricePaise: Paise; mrpPaise: Paise | null; archived: boolean };

export type NewCategory = {
  name: string;
  slug?: string;
  description?: string;
  image?: string;
  sortOrder?: number;
};

export type NewProduct = {
  name: string;
  categoryId: number;
  pricePaise: Paise;
  mrpPaise?: Paise | null;
  description?: string;
  image?: string;
  images?: string[];
  tags?: string[];
  stock?: number;
  allowPreOrder?: boolean;
  minQuantity?: number;
  quantityTiers?: QuantityTier[];
  featured?: boolean;
  rating?: number;
  ratingCount?: number;
  archived?: boolean;
  personalisation?: PersonalisationConfig | null;
  createdAt?: Date;
};

export type ProductChanges = Partial<NewProduct>;

export type NewCollection = {
  name: string;
  description?: string;
  image?: string;
  featured?: boolean;
  sortOrder?: number;
  /** In display order. */
  productIds?: number[];
};

export type SitemapEntry = { path: string; lastModified: Date | null };

/** search_text as the catalogue writes it: lower-cased name, tags, category name and description (schema.ts). */
const searchTextSql = sql`lower(concat_ws(' ', ${products.name}, array_to_string(${products.tags}, ' '), ${categories.name}, ${products.description}))`;

/** Which words of search_text the catalogue knows, straight from the full-text vectors. */
export async function rebuildSearchTerms(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(searchTerms);
    await tx.execute(sql`
      INSERT INTO search_terms (term, doc_count)
      SELECT word, ndoc FROM ts_stat('SELECT search_vector FROM products WHERE NOT archived')`);
  });
}

/**
 * A search's matches are ranked in memory when there are at most this many; a broader search
 * (a word most products share) is ordered by the database's indexes instead, where ranking adds
 * little and would cost a pass over most of the catalogue.
 */
export const RANKED_MATCHES_LIMIT = 20_000;

// Rows come back as one JSON text built by the database: parsing JSON is several times faster
// than the embedded driver's per-field decoding on big pages (measured: 1000 rows 23 ms vs 63 ms).
const productJsonColumns = sql.raw(`p.id, p.name, p.slug, p.description, p.image, p.images,
  p.price_paise AS "pricePaise", p.mrp_paise AS "mrpPaise", p.tags, p.stock,
  p.allow_pre_order AS "allowPreOrder", p.min_quantity AS "minQuantity",
  p.quantity_tiers AS "quantityTiers", p.featured, p.rating, p.rating_count AS "ratingCount",
  p.archived, p.personalisation, p.created_at AS "createdAt", p.category_id AS "categoryId"`);

type ProductJson = {
  id: number;
  name: string;
  /** Written as `{name-slug}-{id}` by the service and the seed. */
  slug: string;
  description: string;
  image: string;
  images: string[];
  pricePaise: number;
  mrpPaise: number | null;
  tags: string[];
  stock: number;
  allowPreOrder: boolean;
  minQuantity: number;
  quantityTiers: QuantityTier[];
  featured: boolean;
  rating: number;
  ratingCount: number;
  archived: boolean;
  personalisation: PersonalisationConfig | null;
  createdAt: string;
  categoryId: number;
};

type CategoryRow = Omit<Category, 'productCount'>;

/** What ranking and sorting of search matches need of each product. */
type Match = {
  id: number;
  name: string;
  featured: boolean;
  pricePaise: number;
  rating: number;
  createdAt: number;
};

function toCatalogProduct(row: ProductJson, category: CategoryRow | undefined): CatalogProduct {
  const categoryName = category?.name ?? '';
  const categorySlug = category?.slug ?? '';
  return {
    id: row.id,
    name: row.name,
    // The stored slug, unless a writer outside the service left one without the id.
    slug: row.slug.endsWith(`-${row.id}`) ? row.slug : slugWithId(row.name, row.id),
    description: row.description,
    image: row.image,
    images: row.images,
    price: toRupees(row.pricePaise),
    mrp: row.mrpPaise === null ? null : toRupees(row.mrpPaise),
    category: categoryName,
    categoryData: { name: categoryName, slug: categorySlug },
    tags: row.tags,
    inStock: row.stock > 0,
    allowPreOrder: row.allowPreOrder,
    minQuantity: row.minQuantity,
    quantityTiers: row.quantityTiers,
    stock: row.stock,
    // real is single precision: 4.7 may come back as 4.699999809…
    rating: Math.round(row.rating * 10) / 10,
    ratingCount: row.ratingCount,
    featured: row.featured,
    personalisation: row.personalisation,
    createdAt: new Date(row.createdAt).toISOString(),
    pricePaise: row.pricePaise,
    mrpPaise: row.mrpPaise,
    archived: row.archived,
  };
}

/** The API's product: the internal fields stay inside the server. */
export function toApiProduct(product: CatalogProduct): Product {
  const { pricePaise: _price, mrpPaise: _mrp, archived: _archived, ...rest } = product;
  return rest;
}

const directionOf = (order: SortOrder) => sql.raw(order === 'asc' ? 'ASC' : 'DESC');

/** ORDER BY of a sort, with the id as the last key so pages never overlap. */
function orderSql(sort: Exclude<ProductSort, 'relevance'>, order: SortOrder): SQL {
  const direction = directionOf(order);
  switch (sort) {
    case 'featured':
      return sql`p.featured ${direction}, p.id ${direction}`;
    case 'id':
      return sql`p.id ${direction}`;
    case 'created_at':
      return sql`p.created_at ${direction}, p.id ${direction}`;
    case 'price':
      return sql`p.price_paise ${direction}, p.id ${direction}`;
    case 'rating':
      return sql`p.rating ${direction}, p.id ${direction}`;
  }
}

/** The same orders as orderSql, for matches sorted in memory. */
function compareMatches(sort: Exclude<ProductSort, 'relevance'>, order: SortOrder) {
  const sign = order === 'asc' ? 1 : -1;
  const key = (match: Match): number => {
    switch (sort) {
      case 'featured':
        return Number(match.featured);
      case 'id':
        return match.id;
      case 'created_at':
        return match.createdAt;
      case 'price':
        return match.pricePaise;
      case 'rating':
        return match.rating;
    }
  };
  return (a: Match, b: Match) => sign * (key(a) - key(b) || a.id - b.id);
}

/**
 * Best match first: products whose name holds every word, then the most words, then names
 * closest to the corrected query, then featured and newest.
 */
function rankMatches(matches: readonly Match[], words: CorrectedWord[]): Match[] {
  const groups = words.filter((word) => word.terms.length > 0).map((word) => new Set(word.terms));
  const phrase = trigramsOf(correctedPhrase(words));
  const scored = matches.map((match) => {
    const nameWords = new Set(wordsOf(match.name));
    const hits = groups.filter((group) => [...group].some((term) => nameWords.has(term))).length;
    return { match, hits, similarity: trigramSimilarity(trigramsOf(match.name), phrase) };
  });
  scored.sort(
    (a, b) =>
      b.hits - a.hits ||
      b.similarity - a.similarity ||
      Number(b.match.featured) - Number(a.match.featured) ||
      b.match.id - a.match.id,
  );
  return scored.map((entry) => entry.match);
}

/** A search's matches, with its sorted orders worked out once and kept with it. */
type MatchSet = { matches: Match[]; broad: boolean; orders: Map<string, number[]> };

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

  /** Every cached figure (and any listener's) is dropped on a change. */
  function invalidate() {
    cache.clear();
    for (const listener of changeListeners) listener();
  }

  function categoryRows(): Promise<CategoryRow[]> {
    return cache.remember('categories', () =>
      db
        .select({
          id: categories.id,
          name: categories.name,
          slug: categories.slug,
          description: categories.description,
          image: categories.image,
        })
        .from(categories)
        .orderBy(asc(categories.sortOrder), asc(categories.name)),
    );
  }

  async function categoryIndex(ids: Iterable<number>): Promise<Map<number, CategoryRow>> {
    let index = new Map((await categoryRows()).map((category) => [category.id, category]));
    // A category created by another instance since the list was cached: read it again.
    for (const id of ids) {
      if (index.has(id)) continue;
      cache.clear();
      index = new Map((await categoryRows()).map((category) => [category.id, category]));
      break;
    }
    return index;
  }

  async function selectProducts({
    from = sql`products p`,
    where,
    orderBy,
    limit,
    offset = 0,
  }: {
    from?: SQL;
    where: SQL;
    orderBy?: SQL;
    limit?: number;
    offset?: number;
  }): Promise<CatalogProduct[]> {
    const result = await db.execute(sql`
      SELECT coalesce(json_agg(t), '[]')::text AS rows FROM (
        SELECT ${productJsonColumns} FROM ${from} WHERE ${where}
        ${orderBy ? sql`ORDER BY ${orderBy}` : sql``}
        ${limit === undefined ? sql`` : sql`LIMIT ${limit}`} ${offset > 0 ? sql`OFFSET ${offset}` : sql``}
      ) t`);
    const raw = JSON.parse(rowsOf<{ rows: string }>(result)[0]?.rows ?? '[]') as ProductJson[];
    const index = await categoryIndex(raw.map((row) => row.categoryId));
    return raw.map((row) => toCatalogProduct(row, index.get(row.categoryId)));
  }

  function productsByIds(ids: readonly number[]): Promise<CatalogProduct[]> {
    if (ids.length === 0) return Promise.resolve([]);
    // One array parameter: a thousand separate ones cost more to parse and plan than the lookup.
    return selectProducts({ where: sql`p.id = ANY(${`{${ids.join(',')}}`}::int[])` });
  }

  function vocabulary(): Promise<Vocabulary> {
    return cache.remember('vocabulary', async () => {
      const rows = await db
        .select({ term: searchTerms.term, docCount: searchTerms.docCount })
        .from(searchTerms);
      return createVocabulary(rows);
    });
  }

  /** The catalogue words each query word may mean (null: no search; [] when nothing is close). */
  async function correctSearch(search: string | undefined): Promise<CorrectedWord[] | null> {
    if (search === undefined) return null;
    const words = queryWords(search);
    if (words.length === 0) return null;
    const known = await vocabulary();
    const corrected = correctWords(
      words,
      words.flatMap((word) => known.candidates(word)),
    );
    // Swapped letters defeat trigrams ('dyia'); edits catch them.
    return corrected.map((entry) => {
      if (entry.terms.length > 0) return entry;
      const terms = known.nearestByEdits(entry.word).slice(0, 4);
      return { word: entry.word, terms, best: terms[0] ?? null };
    });
  }

  function count(where: SQL, key: string): Promise<number> {
    return cache.remember(`total:${key}`, async () => {
      const result = await db.execute(sql`SELECT count(*)::int AS n FROM products p WHERE ${where}`);
      return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    });
  }

  function matchSet(where: SQL, key: string): Promise<MatchSet> {
    return cache.remember(`matches:${key}`, async () => {
      const result = await db.execute(sql`
        SELECT coalesce(json_agg(t), '[]')::text AS rows FROM (
          SELECT p.id, p.name, p.featured, p.price_paise AS "pricePaise", p.rating,
            (extract(epoch FROM p.created_at) * 1000)::float8 AS "createdAt"
          FROM products p WHERE ${where} LIMIT ${RANKED_MATCHES_LIMIT + 1}
        ) t`);
      const matches = JSON.parse(rowsOf<{ rows: string }>(result)[0]?.rows ?? '[]') as Match[];
      const broad = matches.length > RANKED_MATCHES_LIMIT;
      return { matches: broad ? [] : matches, broad, orders: new Map() };
    });
  }

  async function listProductsWith(query: ProductListQuery, mode: 'all' | 'any'): Promise<ProductList> {
    const conditions: SQL[] = [sql`NOT p.archived`];
    const keyParts: unknown[] = [];
    if (query.category !== undefined) {
      const slug = slugify(query.category);
      const category = (await categoryRows()).find((entry) => entry.slug === slug);
      if (!category) return { data: [], total: 0 };
      conditions.push(sql`p.category_id = ${category.id}`);
      keyParts.push(category.id);
    } else keyParts.push(null);
    if (query.minPrice !== undefined)
      conditions.push(sql`p.price_paise >= ${Math.ceil(query.minPrice * 100)}`);
    if (query.maxPrice !== undefined)
      conditions.push(sql`p.price_paise <= ${Math.floor(query.maxPrice * 100)}`);
    if (query.featured !== undefined) conditions.push(sql`p.featured = ${query.featured}`);
    keyParts.push(query.minPrice ?? null, query.maxPrice ?? null, query.featured ?? null);

    const words = await correctSearch(query.search);
    const tsquery = words ? tsqueryOf(words, mode) : null;
    if (words && tsquery === null) return { data: [], total: 0 };
    if (tsquery) conditions.push(sql`p.search_vector @@ to_tsquery('simple', ${tsquery})`);
    keyParts.push(tsquery);

    const where = sql.join(conditions, sql` AND `);
    const key = JSON.stringify(keyParts);
    const limit = query.limit ?? LISTING_PAGE_SIZE;
    const offset = ((query.page ?? 1) - 1) * limit;
    const sort: ProductSort = query.sort ?? (words ? 'relevance' : 'featured');
    const order: SortOrder = sort === 'relevance' ? 'desc' : (query.order ?? DEFAULT_SORT_ORDER[sort]);

    if (words) {
      const set = await matchSet(where, key);
      if (!set.broad) {
        const orderKey = `${sort}:${order}`;
        let ids = set.orders.get(orderKey);
        if (!ids) {
          const sorted =
            sort === 'relevance'
              ? rankMatches(set.matches, words)
              : [...set.matches].sort(compareMatches(sort, order));
          ids = sorted.map((match) => match.id);
          set.orders.set(orderKey, ids);
        }
        const pageIds = ids.slice(offset, offset + limit);
        const rows = new Map((await productsByIds(pageIds)).map((product) => [product.id, product]));
        const data = pageIds.flatMap((id) => {
          const product = rows.get(id);
          return product ? [toApiProduct(product)] : [];
        });
        return { data, total: ids.length };
      }
    }

    const total = await count(where, key);
    if (total === 0 || offset >= total) return { data: [], total };
    // Relevance over a broad search: the featured order, which the indexes serve directly.
    const rows = await selectProducts({
      where,
      orderBy: orderSql(sort === 'relevance' ? 'featured' : sort, sort === 'relevance' ? 'desc' : order),
      limit,
      offset,
    });
    return { data: rows.map(toApiProduct), total };
  }

  /** Writes search_text from the product's current fields and keeps the vocabulary in step. */
  async function refreshSearchText(tx: Tx, productId: number) {
    const [before] = await tx
      .select({ searchText: products.searchText, archived: products.archived })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    const [after] = await tx
      .update(products)
      .set({
        searchText: sql`(select ${searchTextSql} from ${categories} where ${categories.id} = ${products.categoryId})`,
      })
      .where(eq(products.id, productId))
      .returning({ searchText: products.searchText, archived: products.archived });
    const oldText = before && !before.archived ? before.searchText : '';
    const newText = after && !after.archived ? after.searchText : '';
    if (oldText === newText) return;
    const oldTerms = sql`select unnest(tsvector_to_array(to_tsvector('simple', ${oldText}::text)))`;
    const newTerms = sql`select unnest(tsvector_to_array(to_tsvector('simple', ${newText}::text)))`;
    await tx.execute(sql`
      INSERT INTO search_terms (term, doc_count)
      SELECT term, 1 FROM (${newTerms} EXCEPT ${oldTerms}) AS added(term)
      ON CONFLICT (term) DO UPDATE SET doc_count = search_terms.doc_count + 1`);
    await tx.execute(sql`
      UPDATE search_terms SET doc_count = doc_count - 1
      WHERE term IN (${oldTerms} EXCEPT ${newTerms})`);
    await tx.execute(sql`DELETE FROM search_terms WHERE doc_count <= 0`);
  }

  let preparing: Promise<void> | null = null;

  return {
    /**
     * Makes search ready on a catalogue loaded without the service (the seed, a restore): fills
     * any missing search_text, builds the vocabulary when it is empty and gathers planner
     * statistics after a bulk load. Runs when the app starts; cheap when nothing is missing.
     */
    prepare(): Promise<void> {
      preparing ??= (async () => {
        const backfilled = await db.execute(sql`
          UPDATE ${products} SET search_text = ${searchTextSql}
          FROM ${categories} WHERE ${categories.id} = ${products.categoryId} AND ${products.searchText} = ''
          RETURNING ${products.id}`);
        const [known] = await db.select({ term: searchTerms.term }).from(searchTerms).limit(1);
        const rebuilt = rowsOf(backfilled).length > 0 || !known;
        if (rebuilt) await rebuildSearchTerms(db);
        // PGlite has no autovacuum: after a bulk load the planner has no statistics and misjudges
        // every filter, and index-only scans are impossible until the visibility map is set.
        const [stats] = rowsOf<{ analysed: boolean }>(
          await db.execute(
            sql`select reltuples >= 0 as analysed from pg_class where oid = 'products'::regclass`,
          ),
        );
        if (rebuilt || !stats?.analysed) {
          await db.execute(sql`VACUUM (ANALYZE) products`);
          await db.execute(sql`ANALYZE categories, collection_products, search_terms`);
        }
        invalidate();
      })().finally(() => {
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
      for (const listener of changeListeners) listener();
    },

    /** Runs the listener after every catalogue change made through this service. */
    onChange(listener: () => void): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },

    /** GET /api/products: filters, typo-tolerant ranked search, sort, pages (SPEC 7). */
    async listProducts(query: ProductListQuery): Promise<ProductList> {
      const result = await listProductsWith(query, 'all');
      // Several words that no product has together: show products with any of them instead.
      if (result.total === 0 && query.search !== undefined && queryWords(query.search).length > 1) {
        return listProductsWith(query, 'any');
      }
      return result;
    },

    /** A product a shopper may see; archived or missing ones are 404 'Product not found'. */
    async getProduct(id: number): Promise<Product> {
      const [product] = await selectProducts({ where: sql`p.id = ${id} AND NOT p.archived` });
      if (!product) throw notFound('Product not found');
      return toApiProduct(product);
    },

    /**
     * Current price (paise), stock and flags of the given products, archived ones included (with
     * `archived: true`) so a cart or order can say which item is gone. Unknown ids are absent.
     */
    async getProductsByIds(ids: readonly number[]): Promise<Map<number, CatalogProduct>> {
      const unique = [...new Set(ids)].filter(
        (id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647,
      );
      const found = await productsByIds(unique);
      return new Map(found.map((product) => [product.id, product]));
    },

    /** Categories in display order with how many visible products each has. */
    async listCategories(): Promise<Category[]> {
      const [rows, counts] = await Promise.all([
        categoryRows(),
        cache.remember('category-counts', async () => {
          const result = await db.execute(
            sql`SELECT category_id AS id, count(*)::int AS n FROM products WHERE NOT archived GROUP BY category_id`,
          );
          return new Map(
            rowsOf<{ id: number; n: number }>(result).map((row) => [Number(row.id), Number(row.n)]),
          );
        }),
      ]);
      return rows.map((row) => ({ ...row, productCount: counts.get(row.id) ?? 0 }));
    },

    listCollections(): Promise<CollectionSummary[]> {
      return cache.remember('collections', async () => {
        const rows = await db
          .select({
            id: collections.id,
            name: collections.name,
            description: collections.description,
            image: collections.image,
            featured: collections.featured,
            productCount: sql<number>`(select count(*) from collection_products cp join products p on p.id = cp.product_id where cp.collection_id = collections.id and not p.archived)::int`,
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
      const items = await selectProducts({
        from: sql`products p JOIN collection_products cp ON cp.product_id = p.id`,
        where: sql`cp.collection_id = ${id} AND NOT p.archived`,
        orderBy: sql`cp.position, p.id`,
        limit: LISTING_PAGE_SIZE,
      });
      return {
        id: collection.id,
        name: collection.name,
        slug: slugWithId(collection.name, collection.id),
        description: collection.description,
        image: collection.image,
        featured: collection.featured,
        productCount: items.length,
        products: items.map(toApiProduct),
      };
    },

    /** Every public catalogue page, for /sitemap.xml. */
    sitemapEntries(): Promise<SitemapEntry[]> {
      return cache.remember('sitemap', async () => {
        const [categoryRowsList, collectionRows, productResult] = await Promise.all([
          categoryRows(),
          db
            .select({ id: collections.id, name: collections.name })
            .from(collections)
            .orderBy(asc(collections.id)),
          db.execute(sql`
            SELECT coalesce(json_agg(t), '[]')::text AS rows FROM (
              SELECT id, name, updated_at AS "updatedAt" FROM products WHERE NOT archived ORDER BY id
            ) t`),
        ]);
        const productRows = JSON.parse(rowsOf<{ rows: string }>(productResult)[0]?.rows ?? '[]') as {
          id: number;
          name: string;
          updatedAt: string;
        }[];
        return [
          { path: '/', lastModified: null },
          { path: '/products', lastModified: null },
          { path: '/categories', lastModified: null },
          { path: '/collections', lastModified: null },
          ...categoryRowsList.map((row) => ({ path: `/category/${row.slug}`, lastModified: null })),
          ...collectionRows.map((row) => ({
            path: `/collection/${slugWithId(row.name, row.id)}`,
            lastModified: null,
          })),
          ...productRows.map((row) => ({
            path: `/product/${slugWithId(row.name, row.id)}`,
            lastModified: new Date(row.updatedAt),
          })),
        ];
      });
    },

    async createCategory(input: NewCategory): Promise<Category> {
      const [row] = await db
        .insert(categories)
        .values({
          name: input.name,
          slug: input.slug ?? slugify(input.name),
          description: input.description ?? '',
          image: input.image ?? '',
          sortOrder: input.sortOrder ?? 0,
        })
        .returning();
      if (!row) throw new Error('The category was not created');
      invalidate();
      return {
        id: row.id,
        name: row.name,
        slug: row.slug,
        description: row.description,
        image: row.image,
        productCount: 0,
      };
    },

    async createProduct(input: NewProduct): Promise<CatalogProduct> {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(products)
          .values({
            name: input.name,
            slug: slugify(input.name),
            categoryId: input.categoryId,
            pricePaise: input.pricePaise,
            mrpPaise: input.mrpPaise ?? null,
            description: input.description ?? '',
            image: input.image ?? '',
            images: input.images ?? [],
            tags: input.tags ?? [],
            stock: input.stock ?? 0,
            allowPreOrder: input.allowPreOrder ?? false,
            minQuantity: input.minQuantity ?? 1,
            quantityTiers: input.quantityTiers ?? [],
            featured: input.featured ?? false,
            rating: input.rating ?? 0,
            ratingCount: input.ratingCount ?? 0,
            archived: input.archived ?? false,
            personalisation: input.personalisation ?? null,
            ...(input.createdAt ? { createdAt: input.createdAt } : {}),
          })
          .returning({ id: products.id });
        if (!row) throw new Error('The product was not created');
        await tx
          .update(products)
          .set({ slug: slugWithId(input.name, row.id) })
          .where(eq(products.id, row.id));
        await refreshSearchText(tx, row.id);
        return row.id;
      });
      invalidate();
      const [created] = await productsByIds([id]);
      if (!created) throw new Error('The product was not created');
      return created;
    },

    /** Changes a product (archiving included); search text and vocabulary follow. */
    async updateProduct(id: number, changes: ProductChanges): Promise<CatalogProduct> {
      await db.transaction(async (tx) => {
        const values = {
          ...changes,
          ...(changes.name !== undefined ? { slug: slugWithId(changes.name, id) } : {}),
          updatedAt: new Date(),
        };
        const updated = await tx
          .update(products)
          .set(values)
          .where(eq(products.id, id))
          .returning({ id: products.id });
        if (updated.length === 0) throw notFound('Product not found');
        await refreshSearchText(tx, id);
      });
      invalidate();
      const [product] = await productsByIds([id]);
      if (!product) throw notFound('Product not found');
      return product;
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
          })
          .returning();
        if (!row) throw new Error('The collection was not created');
        const productIds = [...new Set(input.productIds ?? [])];
        if (productIds.length > 0) {
          await tx
            .insert(collectionProducts)
            .values(productIds.map((productId, position) => ({ collectionId: row.id, productId, position })));
        }
        return row;
      });
      invalidate();
      return {
        id: collection.id,
        name: collection.name,
        slug: slugWithId(collection.name, collection.id),
        description: collection.description,
        image: collection.image,
        featured: collection.featured,
        productCount: input.productIds?.length ?? 0,
      };
    },
  };
}
