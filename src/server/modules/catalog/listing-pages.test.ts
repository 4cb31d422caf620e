import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ProductList } from '../../../shared/api/catalog';
import { rowsOf } from '../../db/client';
import { setUpTestStore } from '../../testing/test-store';

// Listing totals and keyset pages (nextCursor). 600 products in four categories, written
// in one statement (the app fills their search text when it starts), with prices, ratings, dates
// and featured flags that repeat, so that pages break inside runs of equal sort values.
const store = setUpTestStore({
  seed: async ({ db }) => {
    await db.execute(sql`
      INSERT INTO categories (name, slug, sort_order) VALUES
        ('Birthday Return Gifts', 'birthday-return-gifts', 1), ('Diwali Gifts', 'diwali-gifts', 2),
        ('Wedding Favours', 'wedding-favours', 3), ('Rakhi', 'rakhi', 4)`);
    await db.execute(sql`
      INSERT INTO products (name, slug, category_id, price_paise, mrp_paise, rating, featured, stock, created_at)
      SELECT g.name, lower(replace(g.name, ' ', '-')) || '-' || g.n, c.id, price, price, rating, featured, 10, created
      FROM (
        SELECT n,
          (ARRAY['Chocolate Box', 'Brass Diya', 'Silk Pouch', 'Rakhi Thread'])[n % 4 + 1] || ' ' || n AS name,
          (ARRAY['birthday-return-gifts', 'diwali-gifts', 'wedding-favours', 'rakhi'])[(n / 7) % 4 + 1] AS slug,
          (n * 7919 % 40 + 1) * 4900 AS price,
          (n * 31 % 11) / 2.0 AS rating,
          n % 5 = 0 AS featured,
          timestamptz '2026-01-01 00:00+05:30' - make_interval(days => n * 13 % 60) AS created
        FROM generate_series(1, 600) AS n
      ) g JOIN categories c ON c.slug = g.slug`);
  },
});

async function list(query: string) {
  const response = await store.app.inject(`/api/products?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return ProductList.parse(response.json());
}

/** Every id of a listing, page after page through nextCursor; `between` runs after the first page. */
async function walk(query: string, between?: () => Promise<void>, limit = 24) {
  const ids: number[] = [];
  let page = await list(`${query}&limit=${limit}`);
  const firstTotal = page.total;
  ids.push(...page.data.map((product) => product.id));
  if (between) await between();
  while (page.nextCursor) {
    page = await list(`${query}&limit=${limit}&cursor=${encodeURIComponent(page.nextCursor)}`);
    ids.push(...page.data.map((product) => product.id));
  }
  return { ids, firstTotal };
}

async function countVisible(where: string) {
  const [row] = rowsOf<{ n: number }>(
    await store.database.db.execute(
      sql.raw(`SELECT count(*)::int AS n FROM products p JOIN categories c ON c.id = p.category_id
               WHERE NOT p.archived AND ${where}`),
    ),
  );
  return Number(row?.n);
}

const LISTINGS = [
  'category=diwali-gifts&sort=featured',
  'category=diwali-gifts&sort=price&order=asc&minPrice=300&maxPrice=999',
  'sort=rating&order=desc&maxPrice=299',
  'category=wedding-favours&sort=created_at&order=desc&minPrice=1000',
  'sort=price&order=desc',
  'sort=id',
];

describe('listing pages by cursor', () => {
  it.each(LISTINGS)('walks %s in the same order as page numbers, each product once', async (query) => {
    const { ids, firstTotal } = await walk(query);
    expect(ids.length).toBe(firstTotal);
    expect(new Set(ids).size).toBe(ids.length);
    const byPages: number[] = [];
    for (let page = 1; byPages.length < firstTotal; page += 1) {
      const { data } = await list(`${query}&limit=24&page=${page}`);
      expect(data.length).toBeGreaterThan(0);
      byPages.push(...data.map((product) => product.id));
    }
    expect(ids).toEqual(byPages);
  });

  it('walks pages of 250 (read straight in index order) as it walks pages of 24', async () => {
    for (const query of ['sort=rating&order=desc', 'sort=created_at&order=asc&minPrice=300']) {
      const large = await walk(query, undefined, 250);
      expect(large.ids.length).toBe(large.firstTotal);
      expect(large.ids).toEqual((await walk(query)).ids);
    }
  });

  it('loses and repeats nothing while a product is added ahead of and behind the scroll', async () => {
    const query = 'category=birthday-return-gifts&sort=price&order=asc';
    const before = (await walk(query)).ids;
    const [category] = rowsOf<{ id: number }>(
      await store.database.db.execute(sql`SELECT id FROM categories WHERE slug = 'birthday-return-gifts'`),
    );
    const cheapest = await list(`${query}&limit=1`);
    const added: number[] = [];
    const { ids } = await walk(query, async () => {
      // One cheaper than everything (before the scroll's position), one dearer (after it).
      for (const pricePaise of [Math.round((cheapest.data[0]?.price ?? 1) * 100) - 1, 9_999_900]) {
        const product = await store.app.catalog.createProduct({
          name: `Scroll Test Gift ${pricePaise}`,
          categoryId: Number(category?.id),
          pricePaise,
          mrpPaise: pricePaise,
          stock: 5,
        });
        added.push(product.id);
      }
    });
    expect(new Set(ids).size).toBe(ids.length);
    // Everything that was there is still there, in the same order, and the dearer one comes last.
    expect(ids.filter((id) => !added.includes(id))).toEqual(before);
    expect(ids.at(-1)).toBe(added[1]);
    expect(ids).not.toContain(added[0]);
  });

  it('refuses a cursor it did not write, or one from another sort, with a 400', async () => {
    const bad = await store.app.inject('/api/products?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('cursor is not valid');
    const { nextCursor } = await list('sort=price&limit=24');
    const other = await store.app.inject(`/api/products?sort=rating&cursor=${nextCursor}`);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('cursor is not valid');
    const long = await store.app.inject(`/api/products?cursor=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
  });

  it('pages a search by cursor too, each match once', async () => {
    const { ids, firstTotal } = await walk('search=chocolate');
    expect(firstTotal).toBeGreaterThan(24);
    expect(ids.length).toBe(firstTotal);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('listing totals', () => {
  it('counts the products of a category and price band, whatever the sort or page', async () => {
    const expected = await countVisible(
      "c.slug = 'diwali-gifts' AND p.price_paise >= 30000 AND p.price_paise <= 99900",
    );
    expect(expected).toBeGreaterThan(0);
    for (const query of ['sort=price', 'sort=rating&page=2', 'sort=featured&page=40']) {
      const { total } = await list(`category=diwali-gifts&minPrice=300&maxPrice=999&${query}`);
      expect(total).toBe(expected);
    }
    expect((await list('')).total).toBe(await countVisible('true'));
  });

  it('answers a page past the last one as empty with the total, until products fill it', async () => {
    const query = 'category=wedding-favours&sort=rating&order=desc&minPrice=1000&limit=24';
    const { total } = await list(query);
    const lastPage = Math.ceil(total / 24);
    expect((await list(`${query}&page=${lastPage}`)).data).toHaveLength(total - (lastPage - 1) * 24);
    expect(await list(`${query}&page=${lastPage + 1}`)).toEqual({ data: [], total, nextCursor: null });

    const [category] = rowsOf<{ id: number }>(
      await store.database.db.execute(sql`SELECT id FROM categories WHERE slug = 'wedding-favours'`),
    );
    // One product more than the last page has room for: the page after it shows that one.
    for (let index = total; index <= lastPage * 24; index += 1)
      await store.app.catalog.createProduct({
        name: `Past The Last Page ${index}`,
        categoryId: Number(category?.id),
        pricePaise: 200_000,
        mrpPaise: 200_000,
      });
    const next = await list(`${query}&page=${lastPage + 1}`);
    expect(next.total).toBe(lastPage * 24 + 1);
    expect(next.data).toHaveLength(1);
  });

  it('counts a product added or archived through the catalogue at once', async () => {
    const query = 'category=rakhi&minPrice=1000';
    const { total } = await list(query);
    const [category] = rowsOf<{ id: number }>(
      await store.database.db.execute(sql`SELECT id FROM categories WHERE slug = 'rakhi'`),
    );
    const product = await store.app.catalog.createProduct({
      name: 'Totals Test Rakhi',
      categoryId: Number(category?.id),
      pricePaise: 150_000,
      mrpPaise: 150_000,
    });
    expect((await list(query)).total).toBe(total + 1);
    await store.app.catalog.updateProduct(product.id, { archived: true });
    expect((await list(query)).total).toBe(total);
    expect((await list(query)).total).toBe(
      await countVisible("c.slug = 'rakhi' AND p.price_paise >= 100000"),
    );
  });
});
