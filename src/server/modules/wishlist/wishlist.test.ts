import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WishlistItem } from '../../../shared/api/wishlist';
import { categories, products } from '../../db/schema';
import { setUpTestStore } from '../../testing/test-store';

const store = setUpTestStore();
let diya: { id: number };
let lantern: { id: number };
let archived: { id: number };
let categoryId: number;

beforeAll(async () => {
  const [category] = await store.database.db
    .insert(categories)
    .values({ name: 'Diwali Gifts', slug: 'diwali-gifts' })
    .returning();
  if (!category) throw new Error('no category');
  categoryId = category.id;
  const base = { categoryId: category.id, description: 'Hand-painted', image: '/uploads/p.webp' };
  [diya, lantern, archived] = (await store.database.db
    .insert(products)
    .values([
      {
        ...base,
        name: 'Clay Diya Set (4 pcs)',
        slug: 'clay-diya-set-4-pcs',
        pricePaise: 14900,
        mrpPaise: 19900,
        stock: 12,
      },
      {
        ...base,
        name: 'Paper Lantern',
        slug: 'paper-lantern',
        pricePaise: 9950,
        mrpPaise: 9950,
        stock: 0,
        allowPreOrder: true,
        minQuantity: 5,
      },
      {
        ...base,
        name: 'Old Candle',
        slug: 'old-candle',
        pricePaise: 5000,
        mrpPaise: 5000,
        stock: 3,
        archived: true,
      },
    ])
    .returning({ id: products.id })) as [{ id: number }, { id: number }, { id: number }];
});

type Headers = { authorization: string };
const add = (headers: Headers, productId: unknown) =>
  store.app.inject({ method: 'POST', url: '/api/wishlists', headers, payload: { productId } });
const list = async (headers: Headers) =>
  (await store.app.inject({ url: '/api/wishlists', headers })).json<{ wishlist: WishlistItem[] }>().wishlist;

describe('POST /api/wishlists', () => {
  it('adds a product and answers the SPEC 3 entry with the product as the wishlist shows it', async () => {
    const { headers } = await store.newCustomer();
    const response = await add(headers, diya.id);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      wishlistItem: {
        id: expect.any(Number),
        productId: diya.id,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        product: {
          id: diya.id,
          name: 'Clay Diya Set (4 pcs)',
          slug: `clay-diya-set-4-pcs-${diya.id}`,
          image: '/uploads/p.webp',
          category: 'Diwali Gifts',
          price: 149,
          mrp: 199,
          inStock: true,
          allowPreOrder: false,
          minQuantity: 1,
        },
      },
    });
  });

  it('keeps one entry when the same product is added twice, even at once', async () => {
    const { headers } = await store.newCustomer();
    const responses = await Promise.all([
      add(headers, lantern.id),
      add(headers, lantern.id),
      add(headers, String(lantern.id)),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(responses.map((response) => response.json().wishlistItem.id)).size).toBe(1);
    const items = await list(headers);
    expect(items).toHaveLength(1);
    expect(items[0]?.product).toMatchObject({
      inStock: false,
      allowPreOrder: true,
      minQuantity: 5,
      mrp: 99.5,
    });
  });

  it('answers 404 for an unknown or archived product and 400 for a bad id', async () => {
    const { headers } = await store.newCustomer();
    const unknown = await add(headers, 987654);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Product not found');
    expect((await add(headers, archived.id)).statusCode).toBe(404);
    const bad = await add(headers, 'diya');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Product id must be a number');
    expect(await list(headers)).toEqual([]);
  });

  it('needs a signed-in user for every route', async () => {
    expect((await store.app.inject('/api/wishlists')).statusCode).toBe(401);
    expect(
      (await store.app.inject({ method: 'POST', url: '/api/wishlists', payload: { productId: 1 } }))
        .statusCode,
    ).toBe(401);
    expect((await store.app.inject({ method: 'DELETE', url: '/api/wishlists/1' })).statusCode).toBe(401);
    expect((await store.app.inject({ method: 'DELETE', url: '/api/wishlists' })).statusCode).toBe(401);
  });
});

describe('GET, DELETE /api/wishlists', () => {
  it('lists newest first with no-store caching', async () => {
    const { headers } = await store.newCustomer();
    await add(headers, diya.id);
    await add(headers, lantern.id);
    const response = await store.app.inject({ url: '/api/wishlists', headers });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().wishlist.map((item: WishlistItem) => item.productId)).toEqual([
      lantern.id,
      diya.id,
    ]);
  });

  it('drops a product from the list once it is archived', async () => {
    const { headers } = await store.newCustomer();
    const [temporary] = await store.database.db
      .insert(products)
      .values({
        name: 'Seasonal Hamper',
        slug: 'seasonal-hamper',
        pricePaise: 99900,
        mrpPaise: 99900,
        categoryId,
        stock: 2,
      })
      .returning({ id: products.id });
    await add(headers, temporary?.id);
    await store.database.db
      .update(products)
      .set({ archived: true })
      .where(eq(products.id, temporary?.id ?? 0));
    expect(await list(headers)).toEqual([]);
  });

  it('removes one product and answers success', async () => {
    const { headers } = await store.newCustomer();
    await add(headers, diya.id);
    await add(headers, lantern.id);
    const response = await store.app.inject({ method: 'DELETE', url: `/api/wishlists/${diya.id}`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await list(headers)).map((item) => item.productId)).toEqual([lantern.id]);
    const again = await store.app.inject({ method: 'DELETE', url: `/api/wishlists/${diya.id}`, headers });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This product is not in your wishlist');
  });

  it('clears the whole list', async () => {
    const { headers } = await store.newCustomer();
    await add(headers, diya.id);
    await add(headers, lantern.id);
    const response = await store.app.inject({ method: 'DELETE', url: '/api/wishlists', headers });
    expect(response.json()).toEqual({ success: true });
    expect(await list(headers)).toEqual([]);
  });
});

describe('another account', () => {
  it('never sees, removes or clears someone else’s wishlist', async () => {
    const owner = await store.newCustomer();
    const intruder = await store.newCustomer();
    await add(owner.headers, diya.id);

    expect(await list(intruder.headers)).toEqual([]);
    const remove = await store.app.inject({
      method: 'DELETE',
      url: `/api/wishlists/${diya.id}`,
      headers: intruder.headers,
    });
    expect(remove.statusCode).toBe(404);
    await store.app.inject({ method: 'DELETE', url: '/api/wishlists', headers: intruder.headers });
    // Adding the same product is the intruder's own entry and leaves the owner's alone.
    expect((await add(intruder.headers, diya.id)).statusCode).toBe(201);

    expect((await list(owner.headers)).map((item) => item.productId)).toEqual([diya.id]);
  });
});
