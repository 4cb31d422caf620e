import { asc, count, desc, eq } from 'drizzle-orm';
import { slugWithId } from '../../../shared/slug';
import type { Db } from '../../db/client';
import { categories, products } from './tables';

type CatalogBenchUrl = { name: string; path: string; productCount?: number };

/**
 * The catalogue URLs `npm run bench` measures, found in the database so they
 * work on any data set: a category listing sorted by price, a product page's HTML, a full page of
 * 1000 products and the typo search of SPEC's example.
 */
export async function catalogBenchUrls(db: Db): Promise<CatalogBenchUrl[]> {
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
  const urls: CatalogBenchUrl[] = [];
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
