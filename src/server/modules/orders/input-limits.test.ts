import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createTestProduct, orderBody, seedPincodes, TEST_ADDRESS } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Finding 1: a 300,000-character name on create-order froze invoice rendering and
// megabyte orders filled an account's order list. Oversized input is refused at the schema, by
// name, and nothing is stored.

const context = setUpTestStore({
  clock: createTestClock('2031-03-10T06:00:00.000Z'),
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  customer: true,
  admin: true,
});
const orderCount = () => context.database.db.$count(orders);

const createOrder = (payload: unknown) =>
  context.app.inject({
    method: 'POST',
    url: '/api/payments/create-order',
    headers: context.customer.headers,
    payload: payload as Record<string, unknown>,
  });

const refusal = (response: { statusCode: number; json(): unknown }) => {
  const body = response.json() as { message: string; errors?: { path: string; message: string }[] };
  return { status: response.statusCode, message: body.message, errors: body.errors };
};

describe('create-order with oversized input', () => {
  it('refuses a 300,000-character name by name and stores nothing', async () => {
    const product = await createTestProduct(context.database, { name: 'Brass Diya Set', stock: 5 });
    const before = await orderCount();
    const response = await createOrder(
      orderBody([{ product, quantity: 1 }], {
        shippingAddress: { ...TEST_ADDRESS, fullName: 'A'.repeat(300_000) },
      }),
    );
    expect(refusal(response)).toEqual({
      status: 400,
      message: 'Full name must be at most 100 characters',
      errors: [{ path: 'shippingAddress.fullName', message: 'Full name must be at most 100 characters' }],
    });
    expect(await orderCount()).toBe(before);
  });

  it('refuses an address longer than a saved address can be', async () => {
    const product = await createTestProduct(context.database, { name: 'Silver Kumkum Box', stock: 5 });
    const before = await orderCount();
    const response = await createOrder(
      orderBody([{ product, quantity: 1 }], {
        shippingAddress: { ...TEST_ADDRESS, address: 'Flat 4, '.repeat(60), city: 'B'.repeat(101) },
      }),
    );
    expect(refusal(response)).toMatchObject({
      status: 400,
      errors: [
        { path: 'shippingAddress.address', message: 'Address must be at most 402 characters' },
        { path: 'shippingAddress.city', message: 'City must be at most 100 characters' },
      ],
    });
    expect(await orderCount()).toBe(before);
  });

  it('refuses a gift message of most of a megabyte by name, and one of 10 MB as too large', async () => {
    const product = await createTestProduct(context.database, { name: 'Peacock Tealight', stock: 5 });
    const before = await orderCount();
    const body = orderBody([{ product, quantity: 1 }]);

    const long = await createOrder({ ...body, giftOptions: { message: 'Happy Diwali! '.repeat(70_000) } });
    expect(refusal(long)).toEqual({
      status: 400,
      message: 'Your gift message must be at most 250 characters',
      errors: [{ path: 'giftOptions.message', message: 'Your gift message must be at most 250 characters' }],
    });

    // Beyond the app's 1 MB body limit the body is not read at all.
    const huge = await createOrder({ ...body, giftOptions: { message: 'x'.repeat(10 * 1024 * 1024) } });
    expect(refusal(huge)).toMatchObject({ status: 413, message: 'The request is too large' });
    expect(await orderCount()).toBe(before);
  });

  it('refuses more personalisation texts than a product has fields', async () => {
    const product = await createTestProduct(context.database, { name: 'Name Keychain', stock: 5 });
    const before = await orderCount();
    const body = orderBody([{ product, quantity: 1 }]);
    const text = Object.fromEntries(Array.from({ length: 1000 }, (_, index) => [`Field ${index}`, 'Asha']));
    const response = await createOrder({
      ...body,
      items: body.items.map((item) => ({ ...item, personalisation: { text } })),
    });
    expect(refusal(response)).toMatchObject({
      status: 400,
      errors: [{ path: 'items.0.personalisation.text', message: 'At most 5 personalisation texts' }],
    });
    expect(await orderCount()).toBe(before);
  });
});

describe('a quote with oversized input', () => {
  it("refuses a shipping address past the saved address's limits and stores nothing", async () => {
    const product = await createTestProduct(context.database, { name: 'Return Gift Hamper', stock: 100 });
    const before = await orderCount();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/admin/quotes',
      headers: context.admin.headers,
      payload: {
        customerEmail: context.customer.user.email,
        lines: [{ productId: product.id, quantity: 50 }],
        shippingAddress: { ...TEST_ADDRESS, fullName: 'A'.repeat(300_000) },
      },
    });
    expect(refusal(response)).toEqual({
      status: 400,
      message: 'Full name must be at most 100 characters',
      errors: [{ path: 'shippingAddress.fullName', message: 'Full name must be at most 100 characters' }],
    });
    expect(await orderCount()).toBe(before);
  });
});
