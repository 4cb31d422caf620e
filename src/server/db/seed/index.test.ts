import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idFromSlug } from '../../../shared/slug';
import { setUpTestDatabase } from '../../testing/test-store';
import { rowsOf } from '../client';
import { categories, collectionProducts, collections, pincodes, products } from '../schema';
import { isCatalogueEmpty, type SeedProgress, type SeedSummary, seedDatabase } from './index';

const testDatabase = setUpTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-test-'));
let summary: SeedSummary;
const progress: SeedProgress[] = [];

// One database for the file: the pincode directory takes a few seconds to load, so it is seeded once.
beforeAll(async () => {
  summary = await seedDatabase(testDatabase.database, { dataDir, onProgress: (step) => progress.push(step) });
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const total = async (table: typeof products | typeof categories | typeof collections | typeof pincodes) => {
  const [row] = await testDatabase.database.db.select({ total: count() }).from(table);
  return row!.total;
};

/** Every opened tag is closed in order: enough to catch a broken template. */
function isWellFormedSvg(text: string): boolean {
  if (!text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')) return false;
  const open: string[] = [];
  for (const [, closing, name, selfClosing] of text.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    if (closing) {
      if (open.pop() !== name) return false;
    } else if (!selfClosing) open.push(name!);
  }
  return open.length === 0 && !/&(?!#\d+;|amp;|lt;|gt;|quot;)/.test(text);
}

describe('seedDatabase', () => {
  it('seeds the demo catalogue: 520 products over 12 categories and 8 collections', async () => {
    expect(summary).toEqual({
      categories: 12,
      products: 520,
      collections: 8,
      pincodes: 19_159,
      skipped: false,
    });
    expect(await total(products)).toBe(520);
    expect(await total(categories)).toBe(12);
    expect(await total(collections)).toBe(8);
    expect(await isCatalogueEmpty(testDatabase.database.db)).toBe(false);
  });

  it('writes slugs that end in the row id and search text with the category name', async () => {
    const rows = await testDatabase.database.db
      .select({
        id: products.id,
        slug: products.slug,
        searchText: products.searchText,
        category: categories.name,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId));
    for (const row of rows) {
      expect(idFromSlug(row.slug)).toBe(row.id);
      expect(row.searchText).toContain(row.category.toLowerCase());
    }
    const collectionRows = await testDatabase.database.db
      .select({ id: collections.id, slug: collections.slug })
      .from(collections);
    for (const row of collectionRows) expect(idFromSlug(row.slug)).toBe(row.id);
  });

  it('prices every product at ₹50 or more, none archived', async () => {
    const [row] = rowsOf<{ cheapest: number; archived: number }>(
      await testDatabase.database.db.execute(
        sql`select min(price_paise)::int as cheapest, count(*) filter (where archived)::int as archived from products`,
      ),
    );
    expect(row!.cheapest).toBeGreaterThanOrEqual(5000);
    expect(row!.archived).toBe(0);
  });

  it('has out-of-stock products both with and without pre-order', async () => {
    const rows = rowsOf<{ allow_pre_order: boolean; total: number }>(
      await testDatabase.database.db.execute(
        sql`select allow_pre_order, count(*)::int as total from products where stock = 0 group by allow_pre_order`,
      ),
    );
    expect(rows.map((row) => row.allow_pre_order).sort()).toEqual([false, true]);
  });

  it('finds the chocolate bouquet through trigram similarity despite typos', async () => {
    const rows = rowsOf<{ name: string }>(
      await testDatabase.database.db.execute(
        sql`select name from products where word_similarity('chocolat bouqet', search_text) > 0.4
            order by word_similarity('chocolat bouqet', search_text) desc limit 5`,
      ),
    );
    expect(rows.map((row) => row.name)).toContain('Chocolate Bouquet');
  });

  it('fills every collection with 12 to 40 products and features 3 collections', async () => {
    const rows = rowsOf<{ featured: boolean; members: number }>(
      await testDatabase.database.db.execute(
        sql`select c.featured, count(cp.product_id)::int as members
            from collections c left join collection_products cp on cp.collection_id = c.id group by c.id`,
      ),
    );
    expect(rows.filter((row) => row.featured)).toHaveLength(3);
    for (const row of rows) {
      expect(row.members).toBeGreaterThanOrEqual(12);
      expect(row.members).toBeLessThanOrEqual(40);
    }
    const [first] = await testDatabase.database.db
      .select({ position: collectionProducts.position })
      .from(collectionProducts)
      .orderBy(collectionProducts.position)
      .limit(1);
    expect(first?.position).toBe(0);
  });

  it('loads the pincode directory: 560001 is in district Bangalore with coordinates', async () => {
    expect(await total(pincodes)).toBe(19_159);
    const [row] = await testDatabase.database.db
      .select()
      .from(pincodes)
      .where(eq(pincodes.pincode, '560001'));
    expect(row).toMatchObject({
      pincode: '560001',
      district: 'Bangalore',
      state: 'Karnataka',
      office: 'Bangalore',
    });
    expect(row!.latitude).toBeCloseTo(12.98, 1);
    expect(row!.longitude).toBeCloseTo(77.6, 1);
    // 110001's offices are mostly filed under Central Delhi; its first office is in New Delhi's list.
    const [delhi] = await testDatabase.database.db
      .select()
      .from(pincodes)
      .where(eq(pincodes.pincode, '110001'));
    expect(delhi?.district).toBe('Central Delhi');
  });

  it('draws a small 600 x 600 SVG for every product, category and collection image', async () => {
    const productRows = await testDatabase.database.db
      .select({ image: products.image, images: products.images })
      .from(products);
    const categoryRows = await testDatabase.database.db.select({ image: categories.image }).from(categories);
    const collectionRows = await testDatabase.database.db
      .select({ image: collections.image })
      .from(collections);
    const paths = new Set([
      ...productRows.flatMap((row) => [row.image, ...row.images]),
      ...categoryRows.map((row) => row.image),
      ...collectionRows.map((row) => row.image),
    ]);
    expect(paths.size).toBeGreaterThan(1000);
    for (const image of paths) {
      expect(image).toMatch(/^\/uploads\/(products|categories|collections)\/[\w-]+\.svg$/);
      const svg = fs.readFileSync(path.join(dataDir, image), 'utf8');
      expect(isWellFormedSvg(svg), image).toBe(true);
      expect(svg).toContain('viewBox="0 0 600 600" width="600" height="600"');
      expect(Buffer.byteLength(svg)).toBeLessThan(2048);
    }
  });

  it('reports progress up to the total of each step', () => {
    const finished = new Map(
      progress.filter((step) => step.done === step.total).map((step) => [step.step, step.total]),
    );
    expect(Object.fromEntries(finished)).toMatchObject({
      categories: 12,
      products: 520,
      collections: 8,
      pincodes: 19_159,
    });
  });

  it('adds nothing when run again', async () => {
    const again = await seedDatabase(testDatabase.database, { dataDir, products: 900 });
    expect(again).toEqual({ categories: 0, products: 0, collections: 0, pincodes: 0, skipped: true });
    expect(await total(products)).toBe(520);
    expect(await total(pincodes)).toBe(19_159);
    expect(await total(collections)).toBe(8);
  });

  it('draws missing artwork again for a seeded database on a new data folder', async () => {
    const freshDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-test-'));
    try {
      await seedDatabase(testDatabase.database, { dataDir: freshDir });
      const [row] = await testDatabase.database.db
        .select({ image: products.image })
        .from(products)
        .where(eq(products.name, 'Chocolate Bouquet'));
      expect(fs.existsSync(path.join(freshDir, row!.image))).toBe(true);
      expect(fs.existsSync(path.join(freshDir, 'uploads/categories/diwali-gifts.svg'))).toBe(true);
    } finally {
      fs.rmSync(freshDir, { recursive: true, force: true });
    }
  });
});
