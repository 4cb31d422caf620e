import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestStore } from '../src/server/testing/test-store';
import { benchTargets } from './bench-targets';

const store = setUpTestStore();
const ids: Record<string, number> = {};

beforeAll(async () => {
  const catalog = store.app.catalog;
  const diwali = await catalog.createCategory({ name: 'Diwali Gifts', sortOrder: 1 });
  const wedding = await catalog.createCategory({ name: 'Wedding Favours', sortOrder: 2 });
  const gifts = [
    { key: 'bouquet', name: 'Chocolate Bouquet', categoryId: wedding.id },
    { key: 'diya', name: 'Brass Diya', categoryId: diwali.id },
    { key: 'lamp', name: 'Clay Lamp', categoryId: diwali.id },
    { key: 'candle', name: 'Scented Candle', categoryId: wedding.id, archived: true },
  ];
  for (const { key, ...gift } of gifts) {
    ids[key] = (await catalog.createProduct({ pricePaise: 19_900, mrpPaise: 24_900, stock: 5, ...gift })).id;
  }
});

describe('the URLs npm run bench measures', () => {
  it('finds the largest category, the first product and the count for sale in the database, each URL answering 200', async () => {
    const targets = await benchTargets(store.database.db);
    expect(targets.map((target) => target.name)).toEqual([
      'home page HTML',
      'listing: category sorted by price, 24',
      'product page HTML',
      'listing: 1000 products',
      "typo search 'chocolat bouqet'",
      'pincode check',
      'shipping quote by pincode',
    ]);
    // Diwali Gifts holds two of the three for sale; the archived candle counts nowhere.
    expect(targets[1]).toEqual({
      name: 'listing: category sorted by price, 24',
      path: '/api/products?category=diwali-gifts&sort=price&order=asc&limit=24',
      productCount: 3,
    });
    expect(targets[2]?.path).toBe(`/product/chocolate-bouquet-${ids.bouquet}`);
    for (const target of targets.filter((entry) => entry.path.startsWith('/api/'))) {
      expect((await store.app.inject(target.path)).statusCode, target.path).toBe(200);
    }
  });
});
