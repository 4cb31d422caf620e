import { describe, expect, it } from 'vitest';
import type { AdminCollection, AdminProduct } from '../../../shared/api/admin';
import type { CollectionResponse } from '../../../shared/api/catalog';
import { categories } from '../../db/schema';
import { setUpTestStore } from '../../testing/test-store';

const store = setUpTestStore({ env: { BACKGROUND_JOBS: 'false' }, admin: true });

const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  store.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: store.admin.headers,
    ...(payload ? { payload } : {}),
  });

async function product(categoryId: number, name: string, price: number, tags: string[]) {
  const response = await send('POST', '/products', { name, price, mrp: price, categoryId, stock: 10, tags });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ product: AdminProduct }>().product;
}

/** The collection as the storefront lists it. */
const storefront = async (id: number) => {
  const response = await store.app.inject({ url: `/api/collections/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CollectionResponse>().data.products.map((listed) => listed.name);
};

describe('automatic collections (decision 0077)', () => {
  it('keeps "diya items under ₹300" following the catalogue', async () => {
    const [festive] = await store.database.db
      .insert(categories)
      .values({ name: 'Diwali Gifts', slug: 'diwali-gifts' })
      .returning({ id: categories.id });
    const categoryId = festive!.id;
    await product(categoryId, 'Clay Diya Set of 4', 199, ['diya', 'diwali']);
    const brass = await product(categoryId, 'Brass Diya', 280, ['diya']);
    await product(categoryId, 'Silver Diya', 1499, ['diya']);
    await product(categoryId, 'Rangoli Stencils', 149, ['rangoli']);

    const created = await send('POST', '/collections', {
      name: 'Diyas under ₹300',
      rule: { categoryId: null, tag: 'diya', minPrice: null, maxPrice: 299, newInDays: null },
    });
    expect(created.statusCode, created.body).toBe(201);
    const collection = created.json<{ collection: AdminCollection }>().collection;
    expect(collection.rule).toMatchObject({ tag: 'diya', maxPrice: 299 });
    expect(await storefront(collection.id)).toEqual(['Brass Diya', 'Clay Diya Set of 4']);

    // A new diya at ₹250 appears; the brass one repriced to ₹350 leaves.
    await product(categoryId, 'Terracotta Diya', 250, ['diya']);
    const repriced = await send('PATCH', `/products/${brass.id}`, { price: 350, mrp: 350 });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(await storefront(collection.id)).toEqual(['Terracotta Diya', 'Clay Diya Set of 4']);

    // Products sent with a rule collection are not kept by hand: the rule decides.
    const listed = await send('PATCH', `/collections/${collection.id}`, { productIds: [brass.id] });
    expect(
      listed.json<{ collection: AdminCollection }>().collection.products.map((item) => item.name),
    ).toEqual(['Terracotta Diya', 'Clay Diya Set of 4']);

    // Deleted, it leaves the storefront; its products stay.
    const deleted = await send('DELETE', `/collections/${collection.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await store.app.inject({ url: `/api/collections/${collection.id}` })).statusCode).toBe(404);
    expect((await send('DELETE', `/collections/${collection.id}`)).statusCode).toBe(404);
  });

  it('refuses a rule with no condition or a price band upside down', async () => {
    const empty = await send('POST', '/collections', {
      name: 'Everything',
      rule: { categoryId: null, tag: null, minPrice: null, maxPrice: null, newInDays: null },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toContain('at least one condition');
    const upsideDown = await send('POST', '/collections', {
      name: 'Odd band',
      rule: { categoryId: null, tag: null, minPrice: 500, maxPrice: 100, newInDays: null },
    });
    expect(upsideDown.statusCode).toBe(400);
    expect(upsideDown.json<{ message: string }>().message).toContain(
      'The lowest price must not be above the highest',
    );
  });
});
