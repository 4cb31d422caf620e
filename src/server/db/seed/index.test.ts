import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImageSrcSet } from '../../../shared/product-images';
import { idFromSlug } from '../../../shared/slug';
import { removeDemoReviews } from '../../modules/reviews';
import { setUpTestDatabase } from '../../testing/test-store';
import { rowsOf } from '../client';
import {
  categories,
  collectionProducts,
  collections,
  deliverySlots,
  pincodes,
  products,
  reviews,
} from '../schema';
import { isCatalogueEmpty, type SeedProgress, type SeedSummary, seedDatabase } from './index';

const testDatabase = setUpTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-test-'));
/**
 * The run's shared picture cache (vitest.config.ts): drawing the few hundred demo pictures again
 * was about 20 s of CPU, and artwork.test.ts tests the drawing on a few of them.
 */
const sharedArtworkCacheDir = process.env.SEED_ARTWORK_CACHE_DIR;
let summary: SeedSummary;
const progress: SeedProgress[] = [];

// One database for the file: the pincode directory takes a few seconds to load, so it is seeded once.
beforeAll(async () => {
  summary = await seedDatabase(testDatabase.database, {
    dataDir,
    artworkCacheDir: sharedArtworkCacheDir,
    onProgress: (step) => progress.push(step),
  });
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const total = async (table: typeof products | typeof categories | typeof collections | typeof pincodes) => {
  const [row] = await testDatabase.database.db.select({ total: count() }).from(table);
  return row!.total;
};

/** The order of the sizes the demo catalogue sells, smallest first. */
const HAMPER_SIZES = ['Classic', 'Deluxe', 'Grand', 'Family Size'];

/** A size in a name's last part ('400 g', '1 kg', '16 Chocolates', 'Deluxe') as a number to order by. */
function sizeOf(label: string): number | null {
  const weight = /^(\d+) (g|kg)$/.exec(label);
  if (weight) return Number(weight[1]) * (weight[2] === 'kg' ? 1000 : 1);
  const count = /^(\d+) (Chocolates|Pieces|Sticks|Cones)$/.exec(label);
  if (count) return Number(count[1]);
  const hamper = HAMPER_SIZES.indexOf(label);
  return hamper < 0 ? null : hamper;
}

/** Products whose names repeat a word ('Green Tea Tea Gift Box'). */
const withDoubledWords = (names: readonly string[]) => names.filter((name) => /\b(\w+) \1\b/i.test(name));

/**
 * Pairs within a family (one name, told apart by its size) where the bigger size costs less:
 * 'Brass Dry Fruit Tray, 1 kg' at ₹849 beside 'Brass Dry Fruit Tray, 400 g' at ₹2,099.
 */
function invertedSizes(rows: readonly { name: string; pricePaise: number }[]): string[] {
  const families = new Map<string, { size: number; name: string; pricePaise: number }[]>();
  for (const row of rows) {
    const comma = row.name.lastIndexOf(', ');
    if (comma < 0) continue;
    const size = sizeOf(row.name.slice(comma + 2));
    if (size === null) continue;
    const family = row.name.slice(0, comma);
    families.set(family, [...(families.get(family) ?? []), { size, ...row }]);
  }
  const inverted: string[] = [];
  for (const members of families.values()) {
    members.sort((a, b) => a.size - b.size);
    for (let index = 1; index < members.length; index++) {
      if (members[index]!.pricePaise < members[index - 1]!.pricePaise) {
        inverted.push(`${members[index]!.name} costs less than ${members[index - 1]!.name}`);
      }
    }
  }
  return inverted;
}

describe('seedDatabase', () => {
  it('seeds the demo catalogue: 520 products and 5 add-ons over 12 categories and 8 collections', async () => {
    expect(summary).toEqual({
      categories: 12,
      products: 525,
      collections: 8,
      pincodes: 19_159,
      skipped: false,
    });
    expect(await total(products)).toBe(525);
    expect(await total(categories)).toBe(12);
    expect(await total(collections)).toBe(8);
    expect(await isCatalogueEmpty(testDatabase.database.db)).toBe(false);
  });

  it('offers timed slots at the same-day pincodes: fixed time and early morning (decision 0073)', async () => {
    const slots = await testDatabase.database.db
      .select({
        name: deliverySlots.name,
        windows: sql<string>`${deliverySlots.startMinute} || '-' || ${deliverySlots.endMinute} || '/' || ${deliverySlots.windowMinutes}`,
        feePaise: deliverySlots.feePaise,
        cutoffMinutes: deliverySlots.cutoffMinutes,
        zones: deliverySlots.zones,
      })
      .from(deliverySlots)
      .orderBy(deliverySlots.id);
    expect(slots).toEqual([
      {
        name: 'Fixed time',
        windows: '540-1260/120',
        feePaise: 14_900,
        cutoffMinutes: 240,
        zones: ['same_day'],
      },
      {
        name: 'Early morning',
        windows: '420-540/120',
        feePaise: 24_900,
        cutoffMinutes: 720,
        zones: ['same_day'],
      },
    ]);
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

  it('gives every product a real MRP, at or above its price (decision 0059)', async () => {
    const [row] = rowsOf<{ missing: number; below: number; atPrice: number; above: number }>(
      await testDatabase.database.db.execute(sql`
        SELECT count(*) FILTER (WHERE mrp_paise IS NULL)::int AS missing,
          count(*) FILTER (WHERE mrp_paise < price_paise)::int AS below,
          count(*) FILTER (WHERE mrp_paise = price_paise)::int AS "atPrice",
          count(*) FILTER (WHERE mrp_paise > price_paise)::int AS above
        FROM products`),
    );
    expect(row).toMatchObject({ missing: 0, below: 0 });
    expect(row!.atPrice + row!.above).toBe(525);
    expect(row!.above).toBeGreaterThan(row!.atPrice);
  });

  it("computes every product's rating and count from its demo review rows", async () => {
    const mismatched = rowsOf<{ id: number }>(
      await testDatabase.database.db.execute(sql`
        SELECT p.id FROM products p
        LEFT JOIN LATERAL (
          SELECT count(*)::int AS n, coalesce(round(avg(r.rating)::numeric, 2), 0) AS average
          FROM reviews r WHERE r.product_id = p.id AND NOT r.hidden
        ) computed ON true
        WHERE p.rating_count <> computed.n OR abs(p.rating - computed.average) > 0.005`),
    );
    expect(mismatched).toEqual([]);
    const [counts] = rowsOf<{ reviews: number; demo: number; rated: number }>(
      await testDatabase.database.db.execute(sql`
        SELECT (SELECT count(*)::int FROM reviews) AS reviews,
          (SELECT count(*)::int FROM reviews WHERE demo) AS demo,
          (SELECT count(*)::int FROM products WHERE rating_count > 0) AS rated`),
    );
    expect(counts!.reviews).toBe(counts!.demo);
    expect(counts!.rated).toBe(520);
  });

  it('rates each seeded category at the GST its HSN code has since 22 September 2025', async () => {
    const rows = await testDatabase.database.db
      .select({ slug: categories.slug, hsnCode: categories.hsnCode, rateBp: categories.gstRateBp })
      .from(categories);
    const rates = Object.fromEntries(rows.map((row) => [row.slug, `${row.hsnCode} ${row.rateBp / 100}%`]));
    expect(rates).toEqual({
      'birthday-return-gifts': '9503 5%',
      'kids-party-favours': '9503 5%',
      'wedding-favours': '7418 5%',
      housewarming: '6913 5%',
      'pooja-essentials': '7418 5%',
      'diwali-gifts': '3406 5%',
      rakhi: '5609 5%',
      'baby-shower': '6111 5%',
      'corporate-gifts': '4820 18%',
      'personalised-gifts': '4911 18%',
      'festive-hampers': '2106 5%',
      'thank-you-gifts': '4909 18%',
    });
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

  it('stores every picture as WebP at 300, 400 and 600 px wide, through the image storage', async () => {
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
    // Distinct pictures, each rendered once and shared by the products that show it.
    expect(paths.size).toBeGreaterThan(200);
    for (const image of paths) {
      expect(image).toMatch(/^\/uploads\/products\/art-[a-f0-9]{12}-600w\.webp$/);
      expect(productImageSrcSet(image)).toBe(
        `${image.replace('-600w.', '-300w.')} 300w, ${image.replace('-600w.', '-400w.')} 400w, ${image} 600w`,
      );
    }
    const sample = [...paths][0]!;
    const large = await sharp(path.join(dataDir, sample)).metadata();
    const middle = await sharp(path.join(dataDir, sample.replace('-600w.', '-400w.'))).metadata();
    const small = await sharp(path.join(dataDir, sample.replace('-600w.', '-300w.'))).metadata();
    expect([large.width, middle.width, small.width]).toEqual([600, 400, 300]);
    expect([large.format, middle.format, small.format]).toEqual(['webp', 'webp', 'webp']);
    const [collection] = collectionRows;
    const wide = await sharp(path.join(dataDir, collection!.image)).metadata();
    // A collection card is 4:3, and so is its picture: nothing of it is cropped away.
    expect([wide.width, wide.height]).toEqual([600, 450]);
  });

  it('shows a candle as a candle and a bell as a bell, not one picture per category', async () => {
    const rows = await testDatabase.database.db
      .select({ name: products.name, image: products.image, category: categories.slug })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId));
    const diwali = rows.filter((row) => row.category === 'diwali-gifts');
    expect(new Set(diwali.map((row) => row.image)).size).toBeGreaterThan(10);
    const candle = rows.find((row) => /Candle/.test(row.name))!;
    const bouquet = rows.find((row) => row.name === 'Chocolate Bouquet')!;
    expect(candle.image).not.toBe(bouquet.image);
  });

  it('names no product with a doubled word', async () => {
    const rows = await testDatabase.database.db.select({ name: products.name }).from(products);
    expect(withDoubledWords(rows.map((row) => row.name))).toEqual([]);
    expect(withDoubledWords(['Green Tea Tea Gift Box'])).toEqual(['Green Tea Tea Gift Box']);
  });

  it('never prices a bigger size of a product below a smaller one', async () => {
    const rows = await testDatabase.database.db
      .select({ name: products.name, pricePaise: products.pricePaise })
      .from(products);
    expect(
      rows.filter((row) => row.name.includes(', ') && sizeOf(row.name.split(', ').at(-1)!) !== null).length,
    ).toBeGreaterThan(20);
    expect(invertedSizes(rows)).toEqual([]);
    expect(
      invertedSizes([
        { name: 'Brass Dry Fruit Tray, 400 g', pricePaise: 209_900 },
        { name: 'Brass Dry Fruit Tray, 1 kg', pricePaise: 84_900 },
      ]),
    ).toEqual(['Brass Dry Fruit Tray, 1 kg costs less than Brass Dry Fruit Tray, 400 g']);
  });

  it('reports progress up to the total of each step', () => {
    const finished = new Map(
      progress.filter((step) => step.done === step.total).map((step) => [step.step, step.total]),
    );
    expect(Object.fromEntries(finished)).toMatchObject({
      categories: 12,
      // The generated gifts; the 5 add-ons follow them in one insert.
      products: 520,
      collections: 8,
      pincodes: 19_159,
    });
  });

  it('adds nothing when run again', async () => {
    const again = await seedDatabase(testDatabase.database, { dataDir, products: 900 });
    expect(again).toEqual({ categories: 0, products: 0, collections: 0, pincodes: 0, skipped: true });
    expect(await total(products)).toBe(525);
    expect(await total(pincodes)).toBe(19_159);
    expect(await total(collections)).toBe(8);
  });

  // Storing every picture again on a new folder takes seconds; the 30 s hang guard is too tight for
  // a busy machine, and this is not a limit on how fast it is.
  it('restores missing artwork for a seeded database on a new data folder, under the current names, from the picture cache', async () => {
    const { db } = testDatabase.database;
    // A catalogue seeded before pictures had a 400 px copy named them `…-600.webp`.
    const earlierName = (image: string) => image.replace('-600w.webp', '-600.webp');
    const [bouquet] = await db
      .select({ image: products.image })
      .from(products)
      .where(eq(products.name, 'Chocolate Bouquet'));
    const [diwali] = await db
      .select({ image: categories.image })
      .from(categories)
      .where(eq(categories.slug, 'diwali-gifts'));
    const bouquetImage = bouquet!.image;
    const diwaliImage = diwali!.image;
    await db
      .update(products)
      .set({ image: earlierName(bouquetImage), images: [earlierName(bouquetImage)] })
      .where(eq(products.image, bouquetImage));
    await db
      .update(categories)
      .set({ image: earlierName(diwaliImage) })
      .where(eq(categories.slug, 'diwali-gifts'));
    // A cache of this test's own, linked to the shared one's files: the cache's copy of the
    // bouquet's widest picture, swapped for other bytes, and the seed on the new folder must take
    // it from the cache rather than draw it again.
    const artworkCacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-art-'));
    for (const name of fs.readdirSync(sharedArtworkCacheDir!))
      fs.linkSync(path.join(sharedArtworkCacheDir!, name), path.join(artworkCacheDir, name));
    const stored = fs.readFileSync(path.join(dataDir, bouquetImage));
    // Caches of earlier versions of the drawing may hold the same bytes under another name.
    const cached = fs
      .readdirSync(artworkCacheDir)
      .map((name) => path.join(artworkCacheDir, name))
      .filter((file) => fs.readFileSync(file).equals(stored));
    expect(cached.length).toBeGreaterThan(0);
    const marker = fs.readFileSync(path.join(dataDir, bouquetImage.replace('-600w.', '-300w.')));
    for (const file of cached) {
      // A new file in the link's place: the shared copy keeps its bytes.
      fs.rmSync(file);
      fs.writeFileSync(file, marker);
    }
    const freshDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-test-'));
    try {
      await seedDatabase(testDatabase.database, { dataDir: freshDir, artworkCacheDir });
      expect(fs.readFileSync(path.join(freshDir, bouquetImage)).equals(marker)).toBe(true);
      const rows = await db
        .select({ image: products.image, images: products.images })
        .from(products)
        .where(eq(products.name, 'Chocolate Bouquet'));
      expect(rows.map((row) => [row.image, row.images])).toContainEqual([bouquetImage, [bouquetImage]]);
      const [category] = await db
        .select({ image: categories.image })
        .from(categories)
        .where(eq(categories.slug, 'diwali-gifts'));
      expect(category!.image).toBe(diwaliImage);
      for (const image of [bouquetImage, diwaliImage]) {
        for (const copy of productImageSrcSet(image)!.split(', ')) {
          expect(fs.existsSync(path.join(freshDir, copy.split(' ')[0]!))).toBe(true);
        }
      }
    } finally {
      fs.rmSync(freshDir, { recursive: true, force: true });
      fs.rmSync(artworkCacheDir, { recursive: true, force: true });
    }
  }, 120_000);

  // Last: it takes the demo ratings away from the catalogue the other tests read.
  it('takes every demo review and the ratings made of them away in one step', async () => {
    const { db } = testDatabase.database;
    const [before] = await db.select({ total: count() }).from(reviews);
    expect(await removeDemoReviews(db)).toBe(before!.total);
    const [after] = rowsOf<{ reviews: number; rated: number }>(
      await db.execute(sql`
        SELECT (SELECT count(*)::int FROM reviews) AS reviews,
          (SELECT count(*)::int FROM products WHERE rating_count > 0 OR rating > 0) AS rated`),
    );
    expect(after).toEqual({ reviews: 0, rated: 0 });
  });
});
