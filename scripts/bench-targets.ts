// The URLs `npm run bench` measures: each issue adds the URLs its targets name. They are looked up
// in the database so the bench works on any data set.
import { asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { categories, products } from '../src/server/db/schema';
import { slugWithId } from '../src/shared/slug';

export type BenchTarget = { name: string; path: string; productCount?: number };

export async function benchTargets(db: Db): Promise<BenchTarget[]> {
  return [{ name: 'home page HTML', path: '/' }, ...(await catalogBenchUrls(db)), ...deliveryBenchUrls()];
}

/**
 * The catalogue's: a category listing sorted by price, a product page's HTML, a full page of 1000
 * products and the typo search of SPEC's example.
 */
async function catalogBenchUrls(db: Db): Promise<BenchTarget[]> {
  const [largest] = await db
    .select({ slug: categories.slug, products: count(products.id) })
    .from(categories)
    .innerJoin(products, eq(products.categoryId, categories.id))
    .where(eq(products.archived, false))
    .groupBy(categories.id, categories.slug)
    .orderBy(desc(count(products.id)))
    .limit(1);
  const [product] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.archived, false))
    .orderBy(asc(products.id))
    .limit(1);
  const [total] = await db.select({ value: count() }).from(products).where(eq(products.archived, false));
  const productCount = Number(total?.value ?? 0);
  const urls: BenchTarget[] = [];
  if (largest) {
    urls.push({
      name: 'listing: category sorted by price, 24',
      path: `/api/products?category=${encodeURIComponent(largest.slug)}&sort=price&order=asc&limit=24`,
      productCount,
    });
  }
  if (product) {
    urls.push({ name: 'product page HTML', path: `/product/${slugWithId(product.name, product.id)}` });
  }
  urls.push(
    { name: 'listing: 1000 products', path: '/api/products?limit=1000' },
    { name: "typo search 'chocolat bouqet'", path: '/api/products?search=chocolat%20bouqet&limit=24' },
  );
  return urls;
}

// A far pincode (New Delhi): the standard branch, the one most shoppers take.
const BENCH_PINCODE = '110001';

/**
 * Delivery's. Target: each at least half of /api/health's req/s with p99 at most 5 ms, which holds
 * because a lookup reads the in-memory directory and never the database.
 */
function deliveryBenchUrls(): BenchTarget[] {
  return [
    { name: 'pincode check', path: `/api/pincodes/check/${BENCH_PINCODE}` },
    { name: 'shipping quote by pincode', path: `/api/pincodes/shipping/${BENCH_PINCODE}?orderValue=999` },
  ];
}
