import { beforeAll, describe, expect, it } from 'vitest';
import { CollectionList, CollectionResponse, type Product } from '../../../shared/api/catalog';
import { setUpTestStore } from '../../testing/test-store';

const store = setUpTestStore();
let festiveCollectionId = 0;
let emptyCollectionId = 0;

const names = (products: Product[]) => products.map((product) => product.name);

beforeAll(async () => {
  const { catalog, collections } = store.app;
  const birthday = await catalog.createCategory({ name: 'Birthday Return Gifts', sortOrder: 1 });
  const diwali = await catalog.createCategory({ name: 'Diwali Gifts', sortOrder: 2 });
  const gift = (name: string, categoryId: number, pricePaise: number, archived = false) =>
    catalog.createProduct({ name, categoryId, pricePaise, mrpPaise: pricePaise, stock: 5, archived });
  const diya = await gift('Brass Diya Set of 4', diwali.id, 25_000);
  const candle = await gift('Archived Scented Candle', diwali.id, 30_000, true);
  const bouquet = await gift('Chocolate Bouquet', birthday.id, 89_900);
  const festive = await collections.createCollection({
    name: 'Festive Picks',
    description: 'Our favourites for the festive season.',
    featured: true,
    productIds: [diya.id, candle.id, bouquet.id],
  });
  festiveCollectionId = festive.id;
  emptyCollectionId = (await collections.createCollection({ name: 'Holi Specials', sortOrder: 5 })).id;
});

describe('collections', () => {
  it('lists collections, featured first, with their slugs and counts', async () => {
    const response = await store.app.inject('/api/collections');
    expect(response.statusCode).toBe(200);
    const collections = CollectionList.parse(response.json());
    expect(collections.map((collection) => [collection.slug, collection.productCount])).toEqual([
      [`festive-picks-${festiveCollectionId}`, 2],
      [`holi-specials-${emptyCollectionId}`, 0],
    ]);
  });

  it('returns a collection with its visible products in display order', async () => {
    const response = await store.app.inject(`/api/collections/${festiveCollectionId}`);
    expect(response.statusCode).toBe(200);
    const { data } = CollectionResponse.parse(response.json());
    expect(data).toMatchObject({
      id: festiveCollectionId,
      name: 'Festive Picks',
      featured: true,
      productCount: 2,
    });
    expect(names(data.products)).toEqual(['Brass Diya Set of 4', 'Chocolate Bouquet']);
  });

  it('returns an empty collection with no products', async () => {
    const response = await store.app.inject(`/api/collections/${emptyCollectionId}`);
    expect(CollectionResponse.parse(response.json()).data.products).toEqual([]);
  });

  it('answers 404 for an unknown collection and 400 for a bad id', async () => {
    const missing = await store.app.inject('/api/collections/424242');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Collection not found' });
    expect((await store.app.inject('/api/collections/festive')).statusCode).toBe(400);
  });

  it('marks the list as publicly cacheable with an ETag', async () => {
    const response = await store.app.inject('/api/collections');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+/);
  });
});
