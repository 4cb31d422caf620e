import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminOrderList } from '../../../shared/api/admin';
import type { OrderListResponse, OrderRecord } from '../../../shared/api/orders';
import type { CreateOrderResponse } from '../../../shared/api/payments';
import { GIFT_MESSAGES } from '../../../shared/gift-options';
import { mailOutbox, orders, products } from '../../db/schema';
import { moveOrderAlong } from '../../testing/admin-fixtures';
import {
  createTestProduct,
  type Line,
  orderBody,
  payOrder,
  seedPincodes,
} from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Gift options travel with create-order and come back on every order record.

const clock = createTestClock('2031-03-10T06:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  customer: true,
  admin: true,
});

const MESSAGE = 'Happy Diwali, Meera! With love from Asha and the kids.';

const postGiftOrder = (lines: Line[], giftOptions: unknown, idempotencyKey?: string) =>
  store.app.inject({
    method: 'POST',
    url: '/api/payments/create-order',
    headers: { ...store.customer.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: { ...orderBody(lines), giftOptions },
  });

const ordersOf = async (productId: number) => {
  const rows = await store.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  const count = await store.database.db.$count(orders);
  return { stock: rows[0]?.stock, count };
};

describe('gift options on create-order', () => {
  it('refuses a message over 250 characters with the reason and creates nothing', async () => {
    const product = await createTestProduct(store.database, { name: 'Brass Peacock Diya', stock: 5 });
    const before = await ordersOf(product.id);
    const response = await postGiftOrder([{ product, quantity: 1 }], {
      message: 'a'.repeat(251),
      hidePrices: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(GIFT_MESSAGES.tooLong);
    expect(await ordersOf(product.id)).toEqual(before);
  });

  it('stores the trimmed message and hidden prices and returns them to the shopper and the owner', async () => {
    const product = await createTestProduct(store.database, {
      name: 'Silver Pooja Thali',
      priceRupees: 1200,
    });
    const response = await postGiftOrder([{ product, quantity: 1 }], {
      message: `  ${MESSAGE}\n`,
      hidePrices: true,
    });
    expect(response.statusCode).toBe(200);
    const { orderId } = response.json<CreateOrderResponse>();
    const gift = { message: MESSAGE, hidePrices: true, recipientEmail: null };

    const own = await store.app.inject({ url: `/api/orders/${orderId}`, headers: store.customer.headers });
    expect(own.json<OrderRecord>().gift).toEqual(gift);
    const mine = await store.app.inject({ url: '/api/orders/my-orders', headers: store.customer.headers });
    expect(mine.json<OrderListResponse>().data.find((order) => order.id === orderId)?.gift).toEqual(gift);
    const backOffice = await store.app.inject({
      url: `/api/admin/orders/${orderId}`,
      headers: store.admin.headers,
    });
    expect(backOffice.json<AdminOrderDetail>().order.gift).toEqual(gift);
    const listed = await store.app.inject({ url: '/api/admin/orders', headers: store.admin.headers });
    const summaries = listed.json<AdminOrderList>().data;
    expect(summaries.find((order) => order.id === orderId)?.isGift).toBe(true);
  });

  it('shows another user the order as not found, message and all', async () => {
    const product = await createTestProduct(store.database);
    const response = await postGiftOrder([{ product, quantity: 1 }], { message: MESSAGE, hidePrices: false });
    const { orderId } = response.json<CreateOrderResponse>();
    const stranger = await store.newCustomer();

    const theirs = await store.app.inject({ url: `/api/orders/${orderId}`, headers: stranger.headers });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('Meera');
    const list = await store.app.inject({ url: '/api/orders/my-orders', headers: stranger.headers });
    expect(list.json<OrderListResponse>().data).toEqual([]);
  });

  it('gives an order without gift options no gift', async () => {
    const product = await createTestProduct(store.database);
    const response = await postGiftOrder([{ product, quantity: 1 }], undefined);
    const { orderId } = response.json<CreateOrderResponse>();
    const own = await store.app.inject({ url: `/api/orders/${orderId}`, headers: store.customer.headers });
    expect(own.json<OrderRecord>().gift).toBeNull();
    const listed = await store.app.inject({ url: '/api/admin/orders', headers: store.admin.headers });
    expect(listed.json<AdminOrderList>().data.find((order) => order.id === orderId)?.isGift).toBe(false);
  });

  it('treats the gift options as part of the idempotent request', async () => {
    const product = await createTestProduct(store.database);
    const lines = [{ product, quantity: 1 }];
    const first = await postGiftOrder(lines, { message: MESSAGE, hidePrices: true }, 'gift-key-1');
    const again = await postGiftOrder(lines, { message: MESSAGE, hidePrices: true }, 'gift-key-1');
    expect(again.json<CreateOrderResponse>().orderId).toBe(first.json<CreateOrderResponse>().orderId);

    const changed = await postGiftOrder(lines, { message: MESSAGE, hidePrices: false }, 'gift-key-1');
    expect(changed.statusCode).toBe(409);
  });

  it('refuses a recipient e-mail that is not an address', async () => {
    const product = await createTestProduct(store.database);
    const response = await postGiftOrder([{ product, quantity: 1 }], { recipientEmail: 'meera@' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(GIFT_MESSAGES.recipientEmail);
  });
});

describe('the gift e-mail', () => {
  /** The back office's bulk move from paid straight to shipped, as an owner ships a day's orders. */
  const shipOrder = async (orderId: string) => {
    const response = await store.app.inject({
      method: 'POST',
      url: '/api/admin/orders/bulk/status',
      headers: store.admin.headers,
      payload: { orderIds: [orderId], status: 'shipped', note: '' },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const mailsOf = (orderId: string) =>
    store.database.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));

  it('tells the recipient a gift is on its way when the order ships, once, with the message and no prices', async () => {
    const product = await createTestProduct(store.database, { name: 'Kundan Rakhi Set', priceRupees: 650 });
    const response = await postGiftOrder([{ product, quantity: 2 }], {
      message: 'Happy Raksha Bandhan!\nLove, Asha',
      hidePrices: true,
      recipientEmail: 'Meera.Nair@example.com',
    });
    const created = response.json<CreateOrderResponse>();
    expect((await mailsOf(created.orderId)).map((mail) => mail.kind)).toEqual([]);

    await payOrder(store.app, store.customer.headers, created);
    // Decision 0014: paid is not on its way; a paid order may wait days for its date, or be cancelled.
    await moveOrderAlong(store.app, store.admin.headers, created.orderId, [
      'confirmed',
      'processing',
      'packed',
    ]);
    expect((await mailsOf(created.orderId)).map((mail) => mail.kind)).not.toContain('gift-on-its-way');

    await moveOrderAlong(store.app, store.admin.headers, created.orderId, [
      'shipped',
      'out_for_delivery',
      'delivered',
    ]);
    const gifts = (await mailsOf(created.orderId)).filter((sent) => sent.kind === 'gift-on-its-way');
    expect(gifts).toHaveLength(1);
    const [mail] = gifts;
    expect(mail).toMatchObject({ recipient: 'meera.nair@example.com', subject: 'A gift is on its way' });
    expect(mail?.text).toContain('Happy Raksha Bandhan!');
    expect(mail?.text).toContain('2 x Kundan Rakhi Set');
    expect(mail?.text).not.toContain('₹');
    expect(mail?.html).not.toContain('₹');
  });

  it('shows the amounts when prices are not hidden, and sends no gift e-mail without a recipient', async () => {
    const product = await createTestProduct(store.database, {
      name: 'Brass Ganesha Idol',
      priceRupees: 1200,
    });
    const withRecipient = await postGiftOrder([{ product, quantity: 1 }], {
      message: MESSAGE,
      recipientEmail: 'meera.nair@example.com',
    });
    await payOrder(store.app, store.customer.headers, withRecipient.json<CreateOrderResponse>());
    await shipOrder(withRecipient.json<CreateOrderResponse>().orderId);
    const mail = (await mailsOf(withRecipient.json<CreateOrderResponse>().orderId)).find(
      (sent) => sent.kind === 'gift-on-its-way',
    );
    expect(mail?.text).toContain('1 x Brass Ganesha Idol: ₹1,200');

    const noRecipient = await postGiftOrder([{ product, quantity: 1 }], { message: MESSAGE });
    await payOrder(store.app, store.customer.headers, noRecipient.json<CreateOrderResponse>());
    await shipOrder(noRecipient.json<CreateOrderResponse>().orderId);
    const kinds = (await mailsOf(noRecipient.json<CreateOrderResponse>().orderId)).map((sent) => sent.kind);
    expect(kinds).not.toContain('gift-on-its-way');
  });
});
