// Products and categories as the catalogue hands them out, read in one query each and with the
// category list cached; the reads and the writes both answer with these.
import { asc, type SQL, sql } from 'drizzle-orm';
import type { Category, Product } from '../../../shared/api/catalog';
import { type Paise, toRupees } from '../../../shared/money';
import type { PersonalisationConfig } from '../../../shared/personalisation-rules';
import type { QuantityTier } from '../../../shared/quantity-pricing';
import { slugWithId } from '../../../shared/slug';
import { asJsonRows, type Db, executePrepared, fromJsonRows } from '../../db/client';
import type { SearchPostings } from '../search';
import type { CatalogCache } from './catalog-cache';
import { categories } from './tables';

/**
 * What catalogue reads need: the database, the cache of derived figures and, where a service
 * holds them, the search postings (decision 0074).
 */
export type CatalogReader = { db: Db; cache: CatalogCache; postings?: SearchPostings };

/** A product as the server's other modules need it: the API fields plus paise and the archive flag. */
export type CatalogProduct = Product & { pricePaise: Paise; mrpPaise: Paise; archived: boolean };

type CategoryRow = Omit<Category, 'productCount'>;

// Rows come back as one JSON text built by the database: parsing JSON is several times faster
// than the embedded driver's per-field decoding on big pages (measured: 1000 rows 23 ms vs 63 ms).
// The creation time comes written as JavaScript's toISOString writes it (UTC, milliseconds cut,
// not rounded, as a Date cuts them): parsing 24 dates a listing page was a twentieth of its CPU
// (decision 0092).
const productJsonColumns = sql.raw(`p.id, p.name, p.slug, p.description, p.image, p.images,
  p.price_paise AS "pricePaise", p.mrp_paise AS "mrpPaise", p.tags, p.stock,
  p.allow_pre_order AS "allowPreOrder", p.min_quantity AS "minQuantity",
  p.quantity_tiers AS "quantityTiers", p.featured, p.rating, p.rating_count AS "ratingCount",
  p.archived, p.personalisation,
  to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
  p.category_id AS "categoryId"`);

type ProductJson = {
  id: number;
  name: string;
  /** Written as `{name-slug}-{id}` by the service and the seed. */
  slug: string;
  description: string;
  image: string;
  images: string[];
  pricePaise: number;
  mrpPaise: number;
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
  /** ISO 8601 in UTC with milliseconds, as `Date.prototype.toISOString` writes it. */
  createdAt: string;
  categoryId: number;
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
    mrp: toRupees(row.mrpPaise),
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
    createdAt: row.createdAt,
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

/** Every category in display order. */
export function categoryRows({ db, cache }: CatalogReader): Promise<CategoryRow[]> {
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

async function categoryIndex(
  reader: CatalogReader,
  ids: Iterable<number>,
): Promise<Map<number, CategoryRow>> {
  let index = new Map((await categoryRows(reader)).map((category) => [category.id, category]));
  // A category created by another instance since the list was cached: read it again.
  for (const id of ids) {
    if (index.has(id)) continue;
    reader.cache.clear();
    index = new Map((await categoryRows(reader)).map((category) => [category.id, category]));
    break;
  }
  return index;
}

type ProductQuery = { from?: SQL; where: SQL; orderBy?: SQL; limit?: number; offset?: number };

/** Products as the catalogue hands them out, each with its raw row (and `extraColumns`) beside it. */
export async function productRows<Extra extends object = object>(
  reader: CatalogReader,
  { from = sql`products p`, where, orderBy, limit, offset = 0 }: ProductQuery,
  extraColumns?: SQL,
): Promise<{ product: CatalogProduct; row: ProductJson & Extra }[]> {
  const [result] = await executePrepared<{ rows: string }>(
    reader.db,
    asJsonRows(sql`
      SELECT ${productJsonColumns}${extraColumns ? sql`, ${extraColumns}` : sql``} FROM ${from} WHERE ${where}
      ${orderBy ? sql`ORDER BY ${orderBy}` : sql``}
      ${limit === undefined ? sql`` : sql`LIMIT ${limit}`} ${offset > 0 ? sql`OFFSET ${offset}` : sql``}`),
  );
  const raw = fromJsonRows<ProductJson & Extra>(result);
  const index = await categoryIndex(
    reader,
    raw.map((row) => row.categoryId),
  );
  return raw.map((row) => ({ product: toCatalogProduct(row, index.get(row.categoryId)), row }));
}

export async function selectProducts(reader: CatalogReader, query: ProductQuery): Promise<CatalogProduct[]> {
  return (await productRows(reader, query)).map(({ product }) => product);
}

/**
 * A listing page in one query, each row with its sort key as the database prints it (exact, for a
 * keyset cursor). A small page is found by its ids first: an index-only scan of the order's
 * listing index checks the filters inside the index and skips the offset there, and only the
 * page's rows are read. A large page (the web's page of 1000) is read straight in index order,
 * where looking each row up again by id would cost three times the buffers.
 */
export async function selectPage(
  reader: CatalogReader,
  {
    where,
    orderBy,
    sortKey,
    limit,
    offset,
  }: { where: SQL; orderBy: SQL; sortKey: SQL; limit: number; offset: number },
): Promise<{ product: CatalogProduct; sortKey: string }[]> {
  const query: ProductQuery =
    limit <= SMALL_PAGE
      ? {
          from: sql`(SELECT p.id FROM products p WHERE ${where} ORDER BY ${orderBy} LIMIT ${limit}
            ${offset > 0 ? sql`OFFSET ${offset}` : sql``}) page JOIN products p ON p.id = page.id`,
          where: sql`true`,
          orderBy,
        }
      : { where, orderBy, limit, offset };
  const rows = await productRows<{ sortKey: string }>(reader, query, sql`${sortKey}::text AS "sortKey"`);
  return rows.map(({ product, row }) => ({ product, sortKey: row.sortKey }));
}

/** Pages up to this size are found by their ids first (selectPage). */
const SMALL_PAGE = 100;

/** The products with these ids, archived ones included, in no particular order. */
export function productsByIds(reader: CatalogReader, ids: readonly number[]): Promise<CatalogProduct[]> {
  if (ids.length === 0) return Promise.resolve([]);
  // One array parameter: a thousand separate ones cost more to parse and plan than the lookup.
  return selectProducts(reader, { where: sql`p.id = ANY(${`{${ids.join(',')}}`}::int[])` });
}
