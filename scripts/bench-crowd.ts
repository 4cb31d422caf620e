// The crowd the bench's --crowd mode sends, where every request is a different URL (a
// festival crowd does not repeat one URL, so the 10-second response cache answers almost nothing):
// listings over every category × 4 sorts × 4 price bands × pages 1-40, thousands of product pages,
// and thousands of two-word searches with one word misspelt, each built from one real product's
// name so that this product should come first. Decision 0058 adds the searches that match thousands of
// products: a misspelt word of one product's name with a word of another's, and single common words.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { categories, products } from '../src/server/db/schema';
import { commonWords, crossQueries, typoQueries } from '../src/server/testing/typo-queries';
import { slugWithId } from '../src/shared/slug';

export type CrowdTarget = {
  name: string;
  paths: string[];
  /** For searches: the product each path's first result should be. */
  expectedFirst?: number[];
};

const SORTS = [
  'sort=featured',
  'sort=price&order=asc',
  'sort=rating&order=desc',
  'sort=created_at&order=desc',
] as const;
/** Rupees: no band, and three bands around the demo catalogue's quartiles (₹199, ₹399, ₹799). */
const PRICE_BANDS = ['', '&maxPrice=299', '&minPrice=300&maxPrice=999', '&minPrice=1000'] as const;
const PAGES = 40;
// More than a line sends in its 10 seconds on these machines (PostgreSQL answered about 500 product
// pages and 2,100 searches a second): the bench sends each URL once, so a smaller set would end the
// line early.
const PRODUCT_PAGES = 10_000;
const SEARCHES = 20_000;
const CROSS_SEARCHES = 20_000;
/** The most shared name words, each on its own and across price bands, pages and two orders. */
const COMMON_WORDS = 100;
const COMMON_PAGES = 3;
const COMMON_SORTS = ['', '&sort=price&order=asc'] as const;

/** A fixed shuffle (mulberry32), so two runs send the same crowd in the same order. */
function shuffled<T>(items: readonly T[], seed = 22): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/**
 * What the crowd runs send: the measured lines, and a warm-up that shares no URL with them (the
 * products between the measured ones, listing pages 41-50, searches for other products).
 */
export type Crowd = { targets: CrowdTarget[]; warmup: string[] };

const WARMUP_PAGES = { from: PAGES + 1, to: PAGES + 10 };
const WARMUP_PRODUCT_PAGES = 5_000;
const WARMUP_SEARCHES = 5_000;

export async function crowdTargets(db: Db): Promise<Crowd> {
  const categoryRows = await db.select({ slug: categories.slug }).from(categories);
  const listingPages = (from: number, to: number) => {
    const paths: string[] = [];
    for (const { slug } of categoryRows)
      for (const sort of SORTS)
        for (const band of PRICE_BANDS)
          for (let page = from; page <= to; page += 1)
            paths.push(
              `/api/products?category=${encodeURIComponent(slug)}&${sort}${band}&page=${page}&limit=24`,
            );
    return paths;
  };

  const named = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.archived, false))
    .orderBy(asc(products.id));
  const step = Math.max(1, Math.floor(named.length / PRODUCT_PAGES));
  const productPage = (product: { id: number; name: string }) =>
    `/product/${slugWithId(product.name, product.id)}`;
  const pages = named
    .filter((_, index) => index % step === 0)
    .slice(0, PRODUCT_PAGES)
    .map(productPage);
  const otherPages = named
    .filter((_, index) => index % step === Math.floor(step / 2) && step > 1)
    .slice(0, WARMUP_PRODUCT_PAGES)
    .map(productPage);

  const searches = shuffled(typoQueries(named, SEARCHES));
  const searched = new Set(searches.map((query) => query.productId));
  const otherSearches = typoQueries(
    named.filter((product) => !searched.has(product.id)),
    WARMUP_SEARCHES,
  );
  const searchPath = (query: { search: string }) =>
    `/api/products?search=${encodeURIComponent(query.search)}&limit=24`;
  // The cross searches of the warm-up come from the other half of the products' names.
  const crosses = crossQueries(named, CROSS_SEARCHES * 2);
  const crossPaths = crosses.filter((_, index) => index % 2 === 0).map((search) => searchPath({ search }));
  const otherCrossPaths = crosses
    .filter((_, index) => index % 2 === 1)
    .slice(0, WARMUP_SEARCHES)
    .map((search) => searchPath({ search }));
  const commonPaths: string[] = [];
  const common = [...new Set(['gift', 'return', 'hamper', ...commonWords(named, COMMON_WORDS)])];
  for (const word of common.slice(0, COMMON_WORDS))
    for (const band of PRICE_BANDS)
      for (const sort of COMMON_SORTS)
        for (let page = 1; page <= COMMON_PAGES; page += 1)
          commonPaths.push(
            `/api/products?search=${encodeURIComponent(word)}${sort}${band}&page=${page}&limit=24`,
          );
  return {
    targets: [
      { name: 'listing, 24 a page', paths: shuffled(listingPages(1, PAGES)) },
      { name: 'product page HTML', paths: shuffled(pages) },
      {
        name: 'typo search, 24 results',
        paths: searches.map(searchPath),
        expectedFirst: searches.map((query) => query.productId),
      },
      { name: "two products' words, one misspelt", paths: shuffled(crossPaths) },
      { name: 'one common word', paths: shuffled(commonPaths) },
    ],
    warmup: shuffled([
      ...listingPages(WARMUP_PAGES.from, WARMUP_PAGES.to),
      ...otherPages,
      ...otherSearches.map(searchPath),
      ...otherCrossPaths,
    ]),
  };
}
