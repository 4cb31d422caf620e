import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CategoryList,
  type Product,
  ProductList,
  ProductResponse,
  SimilarProducts,
} from '../../../shared/api/catalog';
import { rowsOf } from '../../db/client';
import { products } from '../../db/schema';
import { setUpTestStore } from '../../testing/test-store';
import { SEARCHES_PER_MINUTE } from '../search';

const store = setUpTestStore();
const ids: Record<string, number> = {};

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 6, 0, 0));

beforeAll(async () => {
  const catalog = store.app.catalog;
  const birthday = await catalog.createCategory({ name: 'Birthday Return Gifts', sortOrder: 1 });
  const diwali = await catalog.createCategory({ name: 'Diwali Gifts', sortOrder: 2 });
  const wedding = await catalog.createCategory({ name: 'Wedding Favours', sortOrder: 3 });
  await catalog.createCategory({ name: 'Rakhi', sortOrder: 4 });

  const fixtures = [
    {
      key: 'bouquet',
      name: 'Chocolate Bouquet',
      categoryId: birthday.id,
      pricePaise: 89_900,
      mrpPaise: 119_900,
      tags: ['chocolate', 'bouquet', 'birthday'],
      description: 'Twelve milk chocolates wrapped like a flower bouquet.',
      image: '/uploads/products/bouquet.svg',
      images: ['/uploads/products/bouquet-2.svg', '/uploads/products/bouquet-3.svg'],
      stock: 3,
      featured: true,
      rating: 4.6,
      ratingCount: 31,
      createdAt: day(1),
    },
    {
      key: 'hamper',
      name: 'Chocolate Gift Hamper',
      categoryId: diwali.id,
      pricePaise: 149_900,
      mrpPaise: 149_900,
      tags: ['chocolate', 'hamper'],
      description: 'Assorted chocolates and dry fruits in a festive basket.',
      stock: 0,
      allowPreOrder: true,
      rating: 4.1,
      ratingCount: 8,
      createdAt: day(2),
    },
    {
      key: 'roses',
      name: 'Rose Flower Bouquet',
      categoryId: wedding.id,
      pricePaise: 65_000,
      mrpPaise: 65_000,
      tags: ['flowers', 'bouquet'],
      description: 'Fresh red roses.',
      stock: 20,
      rating: 3.9,
      ratingCount: 4,
      createdAt: day(3),
    },
    {
      key: 'diya',
      name: 'Brass Diya Set of 4',
      categoryId: diwali.id,
      pricePaise: 25_000,
      mrpPaise: 40_000,
      tags: ['diya', 'brass', 'pooja', 'lamp'],
      description: 'Hand-polished brass lamps for Diwali.',
      stock: 50,
      featured: true,
      rating: 4.9,
      ratingCount: 120,
      createdAt: day(4),
    },
    {
      key: 'kit',
      name: 'Kids Colouring Kit',
      categoryId: birthday.id,
      pricePaise: 12_000,
      mrpPaise: 12_000,
      tags: ['kids', 'stationery'],
      description: 'Crayons and a colouring book: a return gift children love.',
      stock: 0,
      minQuantity: 10,
      rating: 4.3,
      ratingCount: 12,
      createdAt: day(5),
    },
    {
      key: 'candle',
      name: 'Archived Scented Candle',
      categoryId: diwali.id,
      pricePaise: 30_000,
      mrpPaise: 30_000,
      tags: ['candle'],
      description: 'No longer sold.',
      stock: 9,
      featured: true,
      archived: true,
      createdAt: day(6),
    },
    {
      key: 'coin',
      name: 'Silver Coin',
      categoryId: wedding.id,
      pricePaise: 200_050,
      mrpPaise: 200_050,
      tags: ['silver', 'coin'],
      description: 'A 10 gram silver coin.',
      stock: 2,
      rating: 4.9,
      ratingCount: 3,
      createdAt: day(7),
    },
  ];
  for (const { key, ...product } of fixtures) {
    ids[key] = (await catalog.createProduct(product)).id;
  }
  await store.app.collections.createCollection({
    name: 'Festive Picks',
    description: 'Our favourites for the festive season.',
    featured: true,
    productIds: [ids.diya!, ids.candle!, ids.bouquet!],
  });
});

async function list(query = '') {
  const response = await store.app.inject(`/api/products${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return ProductList.parse(response.json());
}

const names = (products: Product[]) => products.map((product) => product.name);

describe('GET /api/products', () => {
  it('lists every product a shopper may see, featured first, with the total', async () => {
    const { data, total } = await list();
    expect(total).toBe(6);
    expect(names(data)).toEqual([
      'Brass Diya Set of 4',
      'Chocolate Bouquet',
      'Silver Coin',
      'Kids Colouring Kit',
      'Rose Flower Bouquet',
      'Chocolate Gift Hamper',
    ]);
  });

  it('gives each product the fields of SPEC 3 in rupees, with stock derived flags', async () => {
    const { data } = await list();
    const bouquet = data.find((product) => product.id === ids.bouquet);
    expect(bouquet).toEqual({
      id: ids.bouquet,
      name: 'Chocolate Bouquet',
      slug: `chocolate-bouquet-${ids.bouquet}`,
      description: 'Twelve milk chocolates wrapped like a flower bouquet.',
      image: '/uploads/products/bouquet.svg',
      images: ['/uploads/products/bouquet-2.svg', '/uploads/products/bouquet-3.svg'],
      price: 899,
      mrp: 1199,
      category: 'Birthday Return Gifts',
      categoryData: { name: 'Birthday Return Gifts', slug: 'birthday-return-gifts' },
      tags: ['chocolate', 'bouquet', 'birthday'],
      inStock: true,
      allowPreOrder: false,
      minQuantity: 1,
      quantityTiers: [],
      stock: 3,
      rating: 4.6,
      ratingCount: 31,
      featured: true,
      personalisation: null,
      createdAt: day(1).toISOString(),
    });
    const hamper = data.find((product) => product.id === ids.hamper);
    expect(hamper).toMatchObject({ inStock: false, allowPreOrder: true, mrp: 1499, stock: 0 });
    expect(data.find((product) => product.id === ids.kit)).toMatchObject({ inStock: false, minQuantity: 10 });
    expect(data.find((product) => product.id === ids.coin)).toMatchObject({ price: 2000.5 });
  });

  it('never lists an archived product', async () => {
    const everything = await list('?limit=1000');
    expect(everything.data.map((product) => product.id)).not.toContain(ids.candle);
    expect((await list('?search=candle')).total).toBe(0);
    expect((await list('?featured=true')).data.map((product) => product.id)).not.toContain(ids.candle);
  });

  it('filters by category slug, and by category name', async () => {
    const bySlug = await list('?category=diwali-gifts');
    expect(names(bySlug.data)).toEqual(['Brass Diya Set of 4', 'Chocolate Gift Hamper']);
    expect(bySlug.total).toBe(2);
    const byName = await list(`?category=${encodeURIComponent('Diwali Gifts')}`);
    expect(byName.data.map((product) => product.id)).toEqual(bySlug.data.map((product) => product.id));
  });

  it('answers an unknown or empty category with an empty list', async () => {
    expect(await list('?category=no-such-occasion')).toEqual({ data: [], total: 0, nextCursor: null });
    expect((await list('?category=rakhi')).total).toBe(0);
  });

  it('filters by a price range in rupees, both ends included', async () => {
    const { data, total } = await list('?minPrice=250&maxPrice=899&sort=price');
    expect(names(data)).toEqual(['Brass Diya Set of 4', 'Rose Flower Bouquet', 'Chocolate Bouquet']);
    expect(total).toBe(3);
    expect(names((await list('?minPrice=2000.5')).data)).toEqual(['Silver Coin']);
    expect((await list('?maxPrice=119.99')).total).toBe(0);
    expect(names((await list('?minPrice=&maxPrice=120')).data)).toEqual(['Kids Colouring Kit']);
  });

  it('filters featured and not featured products', async () => {
    expect(names((await list('?featured=true')).data)).toEqual(['Brass Diya Set of 4', 'Chocolate Bouquet']);
    expect((await list('?featured=false')).total).toBe(4);
  });

  it('sorts by id, created_at, price both ways, rating and featured', async () => {
    const newest = [
      'Silver Coin',
      'Kids Colouring Kit',
      'Brass Diya Set of 4',
      'Rose Flower Bouquet',
      'Chocolate Gift Hamper',
      'Chocolate Bouquet',
    ];
    expect(names((await list('?sort=id')).data)).toEqual(newest);
    expect(names((await list('?sort=id&order=asc')).data)).toEqual([...newest].reverse());
    expect(names((await list('?sort=created_at&limit=6')).data)).toEqual(newest);
    const cheapest = [
      'Kids Colouring Kit',
      'Brass Diya Set of 4',
      'Rose Flower Bouquet',
      'Chocolate Bouquet',
      'Chocolate Gift Hamper',
      'Silver Coin',
    ];
    expect(names((await list('?sort=price')).data)).toEqual(cheapest);
    expect(names((await list('?sort=price&order=asc')).data)).toEqual(cheapest);
    expect(names((await list('?sort=price&order=desc')).data)).toEqual([...cheapest].reverse());
    // Equal ratings: the newer product first.
    expect(names((await list('?sort=rating')).data)).toEqual([
      'Silver Coin',
      'Brass Diya Set of 4',
      'Chocolate Bouquet',
      'Kids Colouring Kit',
      'Chocolate Gift Hamper',
      'Rose Flower Bouquet',
    ]);
    expect(names((await list('?sort=featured&limit=2')).data)).toEqual([
      'Brass Diya Set of 4',
      'Chocolate Bouquet',
    ]);
  });

  it('pages through the list without repeating or losing a product', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const { data, total } = await list(`?sort=price&limit=2&page=${page}`);
      expect(total).toBe(6);
      expect(data.length).toBe(page <= 3 ? 2 : 0);
      seen.push(...data.map((product) => product.id));
    }
    expect(new Set(seen).size).toBe(6);
    expect(seen).toEqual((await list('?sort=price')).data.map((product) => product.id));
  });

  it('returns at most 1000 products a page by default', async () => {
    const { data, total } = await list();
    expect(data.length).toBe(total);
  });

  it('keeps the total in step with catalogue changes made through the service', async () => {
    const before = (await list('?category=rakhi')).total;
    const rakhi = (await store.app.catalog.listCategories()).find((category) => category.slug === 'rakhi')!;
    const created = await store.app.catalog.createProduct({
      name: 'Zardozi Rakhi Thali',
      categoryId: rakhi.id,
      pricePaise: 45_000,
      mrpPaise: 45_000,
      tags: ['rakhi', 'thali'],
      stock: 4,
    });
    expect((await list('?category=rakhi')).total).toBe(before + 1);
    expect(names((await list('?search=zardozi')).data)).toEqual(['Zardozi Rakhi Thali']);
    await store.app.catalog.updateProduct(created.id, { archived: true });
    expect((await list('?category=rakhi')).total).toBe(before);
    expect((await list('?search=zardozi')).total).toBe(0);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=ten', 'limit'],
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    ['page=abc', 'page'],
    ['sort=cheapest', 'sort'],
    ['order=up', 'order'],
    ['minPrice=-1', 'minPrice'],
    ['maxPrice=abc', 'maxPrice'],
    ['minPrice=500&maxPrice=100', 'minPrice'],
    ['featured=yes', 'featured'],
    [`search=${'a'.repeat(501)}`, 'search'],
    ['sort=price&sort=id', 'sort'],
  ])('refuses %s with 400 naming %s', async (query, path) => {
    const response = await store.app.inject(`/api/products?${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  });
});

describe('search', () => {
  it('never refuses fifty shoppers behind one carrier address, each searching every ten seconds', async () => {
    // One minute of them: 50 × 6 searches, each typed with two of the header's suggestions first.
    const carrier = '198.18.1.1';
    const words = [
      'bouquet',
      'chocolate',
      'diya',
      'silver',
      'hamper',
      'gift',
      'rose',
      'brass',
      'kids',
      'coin',
    ];
    const refused: string[] = [];
    for (let shopper = 0; shopper < 50; shopper += 1) {
      for (let search = 0; search < 6; search += 1) {
        const word = words[(shopper + search) % words.length] as string;
        const query = `${word} ${shopper}-${search}`;
        for (const url of [
          `/api/search/suggestions?q=${encodeURIComponent(word.slice(0, 3))}`,
          `/api/search/suggestions?q=${encodeURIComponent(word)}`,
          `/api/products?search=${encodeURIComponent(query)}`,
        ]) {
          const response = await store.app.inject({ url, remoteAddress: carrier });
          if (response.statusCode !== 200) refused.push(`${url}: ${response.statusCode}`);
        }
      }
    }
    expect(refused).toEqual([]);
  });

  it(`answers 429 with Retry-After once one address has made ${SEARCHES_PER_MINUTE} searches in a minute`, async () => {
    const search = (ip: string) =>
      store.app.inject({ url: '/api/products?search=bouquet', remoteAddress: ip });
    for (let index = 0; index < SEARCHES_PER_MINUTE; index += 1) {
      expect((await search('198.18.0.1')).statusCode).toBe(200);
    }
    const refused = await search('198.18.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(
      /^Too many searches\. Please try again in (\d+ seconds?|a minute)\.$/,
    );
    expect((await search('198.18.0.2')).statusCode).toBe(200);
    expect((await store.app.inject({ url: '/api/products', remoteAddress: '198.18.0.1' })).statusCode).toBe(
      200,
    );
  });

  it('answers 503 with Retry-After while the search work is saturated, and other pages at once', async () => {
    const { gate } = store.app.searchAllowance;
    // Searches of many addresses hold every running and waiting place.
    const held: Promise<() => void>[] = [];
    for (let index = 0; ; index += 1) {
      const entered = gate.enter(`198.18.2.${index}`);
      if (!entered) break;
      held.push(entered);
    }
    expect(gate.load().waiting).toBeGreaterThan(0);
    const busy = await store.app.inject({ url: '/api/products?search=silver', remoteAddress: '198.18.3.1' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json().message).toBe('The store is busy with other searches. Please try again in a second.');
    const suggestions = await store.app.inject({
      url: '/api/search/suggestions?q=sil',
      remoteAddress: '198.18.3.1',
    });
    expect(suggestions.statusCode).toBe(503);
    // A page without a search never waits for searches.
    expect((await store.app.inject({ url: '/api/products?category=wedding-gifts' })).statusCode).toBe(200);

    // As the held searches finish, the waiting ones run, and a new search is answered.
    for (const entered of held) (await entered)();
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
    const served = await store.app.inject({
      url: '/api/products?search=silver',
      remoteAddress: '198.18.3.1',
    });
    expect(served.statusCode).toBe(200);
  });

  it('gives one address no more than its share of the search work in flight', async () => {
    const { gate } = store.app.searchAllowance;
    const held: Promise<() => void>[] = [];
    for (let entered = gate.enter('198.18.4.1'); entered; entered = gate.enter('198.18.4.1'))
      held.push(entered);
    expect(held.length).toBeGreaterThan(0);
    const greedy = await store.app.inject({ url: '/api/products?search=coin', remoteAddress: '198.18.4.1' });
    expect(greedy.statusCode).toBe(503);
    expect(greedy.headers['retry-after']).toBe('1');
    const other = await store.app.inject({ url: '/api/products?search=coin', remoteAddress: '198.18.4.2' });
    expect(other.statusCode).toBe(200);
    for (const entered of held) (await entered)();
  });

  it('finds the chocolate bouquet first despite typos in both words', async () => {
    const { data } = await list(`?search=${encodeURIComponent('chocolat bouqet')}`);
    expect(data[0]?.name).toBe('Chocolate Bouquet');
  });

  it('ranks products that have every word in their name above those that merely mention them', async () => {
    const { data } = await list('?search=bouquet');
    expect(names(data).slice(0, 2).sort()).toEqual(['Chocolate Bouquet', 'Rose Flower Bouquet']);
  });

  it('matches tags, category names and descriptions, and completes a word being typed', async () => {
    expect(names((await list('?search=pooja')).data)).toEqual(['Brass Diya Set of 4']);
    expect(names((await list('?search=wedding')).data).sort()).toEqual([
      'Rose Flower Bouquet',
      'Silver Coin',
    ]);
    expect(names((await list('?search=crayons')).data)).toEqual(['Kids Colouring Kit']);
    expect(names((await list('?search=choc')).data).sort()).toEqual([
      'Chocolate Bouquet',
      'Chocolate Gift Hamper',
    ]);
  });

  it('ignores case and filler words', async () => {
    // The diya holds both words; the hamper, in the Diwali category, only one: it follows.
    expect(names((await list(`?search=${encodeURIComponent('DIYA for Diwali')}`)).data)).toEqual([
      'Brass Diya Set of 4',
      'Chocolate Gift Hamper',
    ]);
  });

  it('falls back to any word when no product has them all', async () => {
    const { data } = await list(`?search=${encodeURIComponent('silver roses')}`);
    expect(names(data).sort()).toEqual(['Rose Flower Bouquet', 'Silver Coin']);
  });

  it('combines search with filters and an explicit sort', async () => {
    const { data, total } = await list('?search=chocolate&category=diwali-gifts');
    expect(names(data)).toEqual(['Chocolate Gift Hamper']);
    expect(total).toBe(1);
    expect(names((await list('?search=chocolate&sort=price&order=desc')).data)).toEqual([
      'Chocolate Gift Hamper',
      'Chocolate Bouquet',
    ]);
  });

  it('finds nothing for words unlike any in the catalogue', async () => {
    expect(await list('?search=xylophonez')).toEqual({ data: [], total: 0, nextCursor: null });
  });

  it.each([
    "chocolate' OR 1=1 --",
    '"bouquet"',
    '100%',
    '%_%',
    '🎁🎉 gift',
    '🎁',
    'a & b | !c <-> d:*',
    "'",
    '\\',
    'राखी थाली',
    '   ',
    'x'.repeat(500),
    'chocolate '.repeat(50).slice(0, 500),
  ])('never fails on odd input: %j', async (search) => {
    const response = await store.app.inject({ url: '/api/products', query: { search } });
    expect(response.statusCode).toBe(200);
    expect(ProductList.parse(response.json()).total).toBeGreaterThanOrEqual(0);
  });
});

describe('GET /api/products/:id', () => {
  it('returns the product', async () => {
    const response = await store.app.inject(`/api/products/${ids.diya}`);
    expect(response.statusCode).toBe(200);
    const { product } = ProductResponse.parse(response.json());
    expect(product).toMatchObject({
      id: ids.diya,
      name: 'Brass Diya Set of 4',
      price: 250,
      mrp: 400,
      category: 'Diwali Gifts',
    });
  });

  it('gives the creation time as JavaScript writes it, whatever the zone and microseconds stored', async () => {
    const [before] = rowsOf<{ createdAt: string }>(
      await store.database.db.execute(
        sql`SELECT created_at::text AS "createdAt" FROM products WHERE id = ${ids.bouquet}`,
      ),
    );
    const stored = [
      ['2026-11-23 10:00:00.123456+05:30', '2026-11-23T04:30:00.123Z'],
      ['2026-11-23 23:59:59.9999+00', '2026-11-23T23:59:59.999Z'],
      ['1999-12-31 23:59:59.0005-08', '2000-01-01T07:59:59.000Z'],
    ] as const;
    try {
      for (const [text, iso] of stored) {
        await store.database.db.execute(
          sql`UPDATE products SET created_at = ${text}::timestamptz WHERE id = ${ids.bouquet}`,
        );
        await store.app.catalog.invalidate();
        const response = await store.app.inject(`/api/products/${ids.bouquet}`);
        // Decision 0092: written by the database as new Date(stored).toISOString() writes it.
        expect(ProductResponse.parse(response.json()).product.createdAt).toBe(iso);
        expect(new Date(iso).toISOString()).toBe(iso);
      }
    } finally {
      await store.database.db.execute(
        sql`UPDATE products SET created_at = ${before!.createdAt}::timestamptz WHERE id = ${ids.bouquet}`,
      );
      await store.app.catalog.invalidate();
    }
  });

  it('answers 404 for an archived or unknown product', async () => {
    for (const id of [ids.candle, 999_999]) {
      const response = await store.app.inject(`/api/products/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Product not found' });
    }
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers 400 for the id %s', async (id) => {
    const response = await store.app.inject(`/api/products/${id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ path: 'id' });
  });
});

describe('GET /api/products/:id/similar', () => {
  it('offers in-stock products of its category or collections, never archived, sold out or itself', async () => {
    // The diya's category also holds the sold-out hamper and the archived candle; its collection
    // Festive Picks adds the bouquet from another category.
    const response = await store.app.inject(`/api/products/${ids.diya}/similar`);
    expect(response.statusCode).toBe(200);
    expect(names(SimilarProducts.parse(response.json()).data)).toEqual(['Chocolate Bouquet']);
  });
});

describe('categories', () => {
  it('lists categories in display order with counts of visible products', async () => {
    const response = await store.app.inject('/api/categories');
    expect(response.statusCode).toBe(200);
    const categories = CategoryList.parse(response.json());
    expect(categories.map((category) => [category.slug, category.productCount])).toEqual([
      ['birthday-return-gifts', 2],
      ['diwali-gifts', 2],
      ['wedding-favours', 2],
      ['rakhi', 0],
    ]);
    expect(categories[0]).toMatchObject({ name: 'Birthday Return Gifts', description: '', image: '' });
  });
});

describe('HTTP caching', () => {
  it('marks catalogue answers as publicly cacheable with an ETag', async () => {
    for (const url of ['/api/products?limit=2', `/api/products/${ids.diya}`, '/api/categories']) {
      const response = await store.app.inject(url);
      expect(response.headers.etag, url).toMatch(/^"[\w-]+"$/);
      expect(response.headers['cache-control'], url).toMatch(/^public, max-age=\d+/);
    }
  });

  it('answers 304 without a body when the ETag still matches', async () => {
    const first = await store.app.inject('/api/products?sort=price');
    const etag = String(first.headers.etag);
    const again = await store.app.inject({
      url: '/api/products?sort=price',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const weak = await store.app.inject({
      url: '/api/products?sort=price',
      headers: { 'if-none-match': `W/${etag}` },
    });
    expect(weak.statusCode).toBe(304);
  });

  it('sends the new body when the catalogue changed', async () => {
    const first = await store.app.inject(`/api/products/${ids.roses}`);
    await store.app.catalog.updateProduct(ids.roses!, { stock: 19 });
    const after = await store.app.inject({
      url: `/api/products/${ids.roses}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().product.stock).toBe(19);
  });

  it('sends the same answer gzipped to clients that accept it, with the same ETag', async () => {
    const plain = await store.app.inject('/api/products?limit=1000');
    const gzipped = await store.app.inject({
      url: '/api/products?limit=1000',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toContain('accept-encoding');
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('shows stock and price changes made outside the service once the service is told', async () => {
    const before = await store.app.inject(`/api/products/${ids.coin}`);
    expect(before.json().product.stock).toBe(2);
    await store.database.db.update(products).set({ stock: 1 }).where(eq(products.id, ids.coin!));
    await store.app.catalog.stockChanged();
    expect((await store.app.inject(`/api/products/${ids.coin}`)).json().product.stock).toBe(1);
    await store.database.db.update(products).set({ pricePaise: 210_000 }).where(eq(products.id, ids.coin!));
    await store.app.catalog.invalidate();
    expect((await store.app.inject('/api/products?minPrice=2100&maxPrice=2100')).json().data).toMatchObject([
      { id: ids.coin, price: 2100 },
    ]);
    await store.database.db.update(products).set({ pricePaise: 200_050 }).where(eq(products.id, ids.coin!));
    await store.app.catalog.invalidate();
  });

  it('does not let a 404 be cached', async () => {
    const response = await store.app.inject('/api/products/999999');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.etag).toBeUndefined();
  });
});

describe('catalogue service for other modules', () => {
  it('gives current paise prices and stock by id, archived products flagged and unknown ids absent', async () => {
    const found = await store.app.catalog.getProductsByIds([
      ids.bouquet!,
      ids.candle!,
      ids.bouquet!,
      987_654,
      -3,
    ]);
    expect([...found.keys()].sort()).toEqual([ids.bouquet, ids.candle].sort());
    expect(found.get(ids.bouquet!)).toMatchObject({
      pricePaise: 89_900,
      mrpPaise: 119_900,
      price: 899,
      stock: 3,
      archived: false,
    });
    expect(found.get(ids.candle!)).toMatchObject({ archived: true });
    expect((await store.app.catalog.getProductsByIds([])).size).toBe(0);
  });
});
