import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, users } from '../db/schema';
import { createTestProduct, orderBody, seedPincodes, TEST_ADDRESS } from '../testing/order-fixtures';
import { setUpTestStore } from '../testing/test-store';
import { NULL_CHARACTER_MESSAGE, nullCharacterPath } from './null-characters';

const store = setUpTestStore({ seed: seedPincodes, customer: true, admin: true });

describe('the null character (U+0000), which the database cannot keep', () => {
  it('is found in strings and keys at any depth, and raw bytes are not read as text', () => {
    expect(nullCharacterPath({ a: 'plain', b: ['x', { c: 'y\u0000z' }] })).toBe('b.1.c');
    expect(nullCharacterPath({ 'bad\u0000key': 1 })).toBe('bad\u0000key');
    expect(nullCharacterPath('\u0000')).toBe('');
    expect(nullCharacterPath({ a: 'नमस्ते 🎁', n: 5, t: true, none: null })).toBeNull();
    expect(nullCharacterPath(Buffer.from([0, 0, 0]))).toBeNull();
    let deep: unknown = 'end\u0000';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(nullCharacterPath(deep)?.split('.')).toHaveLength(100_000);
  });

  it('is refused with a 400 naming the field, in a body, a query or a path, and nothing is stored', async () => {
    const product = await createTestProduct(store.database, { stock: 5 });
    const usersBefore = await store.database.db.$count(users);
    const ordersBefore = await store.database.db.$count(orders, eq(orders.userId, store.customer.user.id));
    const requests = [
      {
        method: 'POST' as const,
        url: '/api/auth/register',
        payload: {
          email: 'nul@example.in',
          password: 'secret123',
          username: 'nul',
          fullName: 'A\u0000B',
          adult: true,
        },
        path: 'fullName',
      },
      {
        method: 'POST' as const,
        url: '/api/payments/create-order',
        headers: store.customer.headers,
        payload: orderBody([{ product, quantity: 1 }], {
          shippingAddress: { ...TEST_ADDRESS, city: 'Benga\u0000luru' },
        }),
        path: 'shippingAddress.city',
      },
      {
        method: 'POST' as const,
        url: '/api/coupons/validate',
        headers: store.customer.headers,
        payload: { code: '\u0000', items: [{ productId: product.id, quantity: 1 }] },
        path: 'code',
      },
      {
        method: 'POST' as const,
        url: '/api/admin/products/import',
        headers: { ...store.admin.headers, 'content-type': 'text/csv' },
        payload: 'name,description,price,category,stock\r\nNul\u0000 Lamp,,99,Lamps,1\r\n',
        path: '',
      },
      { method: 'GET' as const, url: '/api/track?orderNumber=%00&contact=x', path: 'orderNumber' },
      { method: 'GET' as const, url: '/api/admin/orders?q=a%00b', headers: store.admin.headers, path: 'q' },
    ];
    for (const { path, ...request } of requests) {
      const response = await store.app.inject(request);
      expect([request.url, response.statusCode]).toEqual([request.url, 400]);
      expect(response.json()).toMatchObject({
        message: NULL_CHARACTER_MESSAGE,
        errors: [{ path, message: NULL_CHARACTER_MESSAGE }],
      });
    }
    expect(await store.database.db.$count(users)).toBe(usersBefore);
    expect(await store.database.db.$count(orders, eq(orders.userId, store.customer.user.id))).toBe(
      ordersBefore,
    );
  });
});
