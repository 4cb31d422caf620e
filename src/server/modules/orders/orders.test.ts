import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { OrderListResponse, OrderRecord } from '../../../shared/api/orders';
import { type CreateOrderResponse, PAYMENT_MESSAGES } from '../../../shared/api/payments';
import { outOfStockMessage } from '../../../shared/api/payments-rules';
import type { DeliveryInfo } from '../../../shared/delivery';
import { deliveryRefusal } from '../../../shared/delivery-rules';
import { orderEvents, orderItems, orders, products } from '../../db/schema';
import {
  createBuyers,
  createTestProduct,
  type Line,
  orderBody,
  placeOrder,
  postOrder,
  seedPincodes,
  TEST_ADDRESS,
  type TestProduct,
} from '../../testing/order-fixtures';
import { createTestApp, createTestClock } from '../../testing/test-app';
import { openSecondConnection, TWO_INSTANCES_ON } from '../../testing/test-database';
import { setUpTestStore } from '../../testing/test-store';
import { ORDER_EXPIRED_NOTE } from './order-service';

const NO_JOBS = { BACKGROUND_JOBS: 'false' };
const clock = createTestClock('2031-03-10T06:00:00.000Z');
const store = setUpTestStore({ clock, env: NO_JOBS, seed: seedPincodes, customer: true });

const stockOf = async (product: TestProduct) => {
  const [row] = await store.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, product.id));
  return row!.stock;
};

const orderRow = async (orderId: string) => {
  const [row] = await store.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
};

const getOrder = async (orderId: string, headers = store.customer.headers) =>
  store.app.inject({ url: `/api/orders/${orderId}`, headers });

const advance = (minutes: number) => clock.set(new Date(clock.now().getTime() + minutes * 60 * 1000));

describe('POST /api/payments/create-order', () => {
  it('creates a pending order priced from the database and reserves its stock', async () => {
    const product = await createTestProduct(store.database, {
      name: 'Peacock Brass Diya',
      priceRupees: 450,
      stock: 5,
    });
    const response = await postOrder(store.app, store.customer.headers, [{ product, quantity: 2 }]);

    expect(response.statusCode).toBe(200);
    const created = response.json<CreateOrderResponse>();
    // ₹900 is below ₹1,000, so ₹50 shipping (SPEC 9); the provider order is in paise.
    expect(created).toMatchObject({
      order: { amount: 95_000, currency: 'INR' },
      totalAmount: 950,
      provider: 'sandbox',
      keyId: 'rzp_test_sandbox',
    });
    expect(created.order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(created.orderNumber).toMatch(/^RG-\d{5,}$/);
    expect(await stockOf(product)).toBe(3);

    const row = await orderRow(created.orderId);
    expect(row).toMatchObject({ status: 'pending', totalPaise: 95_000, providerOrderId: created.order.id });
    expect(row.expiresAt?.getTime()).toBe(clock.now().getTime() + 15 * 60 * 1000);
    const [line] = await store.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, created.orderId));
    expect(line).toMatchObject({ quantity: 2, reservedQuantity: 2, pricePaise: 45_000, isPreOrder: false });

    const order = (await getOrder(created.orderId)).json<OrderRecord>();
    expect(order).toMatchObject({
      id: created.orderId,
      _id: created.orderId,
      orderNumber: created.orderNumber,
      status: 'pending',
      subtotal: 900,
      shippingCost: 50,
      totalAmount: 950,
      total: 950,
      items: [
        {
          product: { id: product.id, name: 'Peacock Brass Diya', inStock: true, allowPreOrder: false },
          quantity: 2,
          price: 450,
          isPreOrder: false,
        },
      ],
      // Stored trimmed, the phone as its 10 digits.
      shippingAddress: { ...TEST_ADDRESS, phone: '9876543210' },
      events: [{ status: 'pending' }],
      deliveryEstimate: { city: 'Bengaluru', isPreOrder: false },
    });
    expect(order.createdAt).toBe(order.created_at);
  });

  it('keeps the State of the shipping address and reads a phone typed +91 98765 43210', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 450 });
    const address = { ...TEST_ADDRESS, state: 'Karnataka', phone: '+91 98765 43210' };
    const response = await postOrder(store.app, store.customer.headers, [{ product, quantity: 1 }], {
      address,
    });
    expect(response.statusCode).toBe(200);
    const order = (await getOrder(response.json<CreateOrderResponse>().orderId)).json<OrderRecord>();
    expect(order.shippingAddress).toEqual({ ...TEST_ADDRESS, state: 'Karnataka', phone: '9876543210' });
  });

  it('ships free from ₹1,000', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 250 });
    const created = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 4 }]);
    expect(created.order.amount).toBe(100_000);
  });

  it('refuses an order whose total differs from the server’s, reserving nothing', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 450, stock: 5 });
    const response = await postOrder(store.app, store.customer.headers, [{ product, quantity: 1 }], {
      totalAmount: 1,
    });

    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(PAYMENT_MESSAGES.pricesChanged);
    expect(await stockOf(product)).toBe(5);
    const count = await store.database.db.$count(orderItems, eq(orderItems.productId, product.id));
    expect(count).toBe(0);
  });

  it('refuses a total computed from a price the store has since changed', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 450 });
    const seenTotal = 500;
    await store.database.db.update(products).set({ pricePaise: 55_000 }).where(eq(products.id, product.id));
    const response = await postOrder(store.app, store.customer.headers, [{ product, quantity: 1 }], {
      totalAmount: seenTotal,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(PAYMENT_MESSAGES.pricesChanged);
  });

  it('refuses an out-of-stock product without pre-order, naming it', async () => {
    const product = await createTestProduct(store.database, { name: 'Silver Kumkum Box', stock: 0 });
    const response = await postOrder(store.app, store.customer.headers, [
      { product, quantity: 1, inStock: false },
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Sorry, Silver Kumkum Box is out of stock. Please review your cart.',
    );
  });

  it('refuses more units than are left', async () => {
    const product = await createTestProduct(store.database, { name: 'Jute Potli Bag', stock: 2 });
    const response = await postOrder(store.app, store.customer.headers, [{ product, quantity: 3 }]);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Only 2 of Jute Potli Bag left in stock. Please review your cart.');
    expect(await stockOf(product)).toBe(2);
  });

  it('takes a pre-order line without reserving stock', async () => {
    const preOrder = await createTestProduct(store.database, {
      name: 'Custom Name Plate',
      stock: 0,
      allowPreOrder: true,
    });
    const inStock = await createTestProduct(store.database, { stock: 4 });
    const created = await placeOrder(store.app, store.customer.headers, [
      { product: preOrder, quantity: 1, inStock: false, allowPreOrder: true },
      { product: inStock, quantity: 1 },
    ]);

    const lines = await store.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, created.orderId));
    expect(lines.find((line) => line.productId === preOrder.id)).toMatchObject({
      isPreOrder: true,
      reservedQuantity: 0,
    });
    expect(lines.find((line) => line.productId === inStock.id)).toMatchObject({
      isPreOrder: false,
      reservedQuantity: 1,
    });
    expect(await stockOf(preOrder)).toBe(0);
    const order = (await getOrder(created.orderId)).json<OrderRecord>();
    expect(order.deliveryEstimate).toMatchObject({ isPreOrder: true });
    expect(order.items[0]).toMatchObject({
      isPreOrder: true,
      product: { inStock: false, allowPreOrder: true },
    });
  });

  it('refuses a pre-order line the cart still showed as in stock', async () => {
    const product = await createTestProduct(store.database, {
      name: 'Rangoli Stencils',
      stock: 0,
      allowPreOrder: true,
    });
    const response = await postOrder(store.app, store.customer.headers, [
      { product, quantity: 1, inStock: true },
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('Rangoli Stencils');
  });

  it('refuses an archived product', async () => {
    const product = await createTestProduct(store.database, { name: 'Old Gift Hamper', archived: true });
    const response = await postOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Old Gift Hamper is no longer available. Please remove it from your cart.',
    );
  });

  it('refuses a quantity below the product’s minimum or above 10', async () => {
    const product = await createTestProduct(store.database, { name: 'Mini Ganesha', minQuantity: 5 });
    const tooFew = await postOrder(store.app, store.customer.headers, [{ product, quantity: 4 }]);
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json().message).toBe('Quantity of Mini Ganesha must be between 5 and 10');
    const tooMany = await postOrder(store.app, store.customer.headers, [{ product, quantity: 11 }]);
    expect(tooMany.statusCode).toBe(400);
  });

  it('refuses an address the checkout form would refuse and a pincode it does not deliver to', async () => {
    const product = await createTestProduct(store.database);
    const lines: Line[] = [{ product, quantity: 1 }];
    const badPhone = await store.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: store.customer.headers,
      payload: orderBody(lines, { shippingAddress: { ...TEST_ADDRESS, phone: '12345' } }),
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().message).toBe('Please enter a valid 10-digit phone number');

    const unlisted = await store.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: store.customer.headers,
      payload: orderBody(lines, { shippingAddress: { ...TEST_ADDRESS, postalCode: '999999' } }),
    });
    expect(unlisted.statusCode).toBe(409);
    // The reason checkout shows beside a disabled Proceed to Payment, from the same rule
    // applied to the same pincode check, so payment never refuses what checkout allowed.
    const check = await store.app.inject({ method: 'GET', url: '/api/pincodes/check/999999' });
    expect(unlisted.json().message).toBe(deliveryRefusal(check.json<DeliveryInfo>()));
    expect(unlisted.json().message).toBe('Please enter a valid delivery pincode');
    expect(await stockOf(product)).toBe(20);
  });

  it('needs a signed-in shopper', async () => {
    const product = await createTestProduct(store.database);
    const response = await postOrder(store.app, {}, [{ product, quantity: 1 }]);
    expect(response.statusCode).toBe(401);
  });
});

describe('a retried create-order (Idempotency-Key)', () => {
  it('answers a retry with the same order and reserves once', async () => {
    const product = await createTestProduct(store.database, { stock: 6 });
    const lines = [{ product, quantity: 2 }];
    const first = await postOrder(store.app, store.customer.headers, lines, {
      idempotencyKey: 'checkout-attempt-1',
    });
    const retry = await postOrder(store.app, store.customer.headers, lines, {
      idempotencyKey: 'checkout-attempt-1',
    });

    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await stockOf(product)).toBe(4);
  });

  it('gives two simultaneous requests with one key one order', async () => {
    const product = await createTestProduct(store.database, { stock: 6 });
    const lines = [{ product, quantity: 1 }];
    const answers = await Promise.all([
      postOrder(store.app, store.customer.headers, lines, { idempotencyKey: 'double-click' }),
      postOrder(store.app, store.customer.headers, lines, { idempotencyKey: 'double-click' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [a, b] = answers.map((answer) => answer.json<CreateOrderResponse>());
    expect(a!.orderId).toBe(b!.orderId);
    expect(a!.order.id).toBe(b!.order.id);
    expect(await stockOf(product)).toBe(5);
  });

  it('refuses a key reused with a different body', async () => {
    const product = await createTestProduct(store.database);
    await placeOrderWithKey([{ product, quantity: 1 }], 'reused-key');
    const response = await postOrder(store.app, store.customer.headers, [{ product, quantity: 2 }], {
      idempotencyKey: 'reused-key',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(PAYMENT_MESSAGES.idempotencyKeyReused);
  });

  it('refuses a key reused with another choice of messages, and replays the same choice', async () => {
    const product = await createTestProduct(store.database);
    const body = (notify: Record<string, boolean>) => ({
      ...orderBody([{ product, quantity: 1 }]),
      notify: { giftRecipient: false, ...notify },
    });
    const send = (notify: Record<string, boolean>) =>
      store.app.inject({
        method: 'POST',
        url: '/api/payments/create-order',
        headers: { ...store.customer.headers, 'idempotency-key': 'messages-key' },
        payload: body(notify),
      });
    const first = await send({ whatsapp: true, sms: false, email: true });
    expect(first.statusCode).toBe(200);
    const again = await send({ whatsapp: true, sms: false, email: true });
    expect(again.json<CreateOrderResponse>().orderId).toBe(first.json<CreateOrderResponse>().orderId);
    const quiet = await send({ whatsapp: false, sms: false, email: false });
    expect([quiet.statusCode, quiet.json().message]).toEqual([409, PAYMENT_MESSAGES.idempotencyKeyReused]);
  });

  // Decision 0068: Back in the payment window, then Pay again from checkout, is a new key for the same order.
  it('answers a new attempt for the same cart, address and choices with the pending order: one in My Orders', async () => {
    const shopper = await store.newCustomer();
    const product = await createTestProduct(store.database, { stock: 6 });
    const lines = [{ product, quantity: 2 }];
    const attempt = async (key: string, address = TEST_ADDRESS) => {
      const response = await postOrder(store.app, shopper.headers, lines, { idempotencyKey: key, address });
      expect(response.statusCode).toBe(200);
      return response.json<CreateOrderResponse>();
    };
    const first = await attempt('attempt-1');
    const second = await attempt('attempt-2');
    expect(second).toEqual(first);
    expect(await stockOf(product)).toBe(4);
    const mine = await store.app.inject({ url: '/api/orders/my-orders', headers: shopper.headers });
    expect(mine.json<OrderListResponse>().data.map((order) => [order.orderNumber, order.status])).toEqual([
      [first.orderNumber, 'pending'],
    ]);

    // Another address is another order.
    const elsewhere = await attempt('attempt-3', { ...TEST_ADDRESS, address: '44 Church Street' });
    expect(elsewhere.orderId).not.toBe(first.orderId);
    expect(await stockOf(product)).toBe(2);
  });

  it('keeps keys apart per shopper', async () => {
    const other = await store.newCustomer();
    const product = await createTestProduct(store.database);
    const mine = await placeOrderWithKey([{ product, quantity: 1 }], 'shared-key');
    const theirs = await postOrder(store.app, other.headers, [{ product, quantity: 1 }], {
      idempotencyKey: 'shared-key',
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<CreateOrderResponse>().orderId).not.toBe(mine.orderId);
  });
});

async function placeOrderWithKey(lines: Line[], key: string) {
  const response = await postOrder(store.app, store.customer.headers, lines, { idempotencyKey: key });
  expect(response.statusCode).toBe(200);
  return response.json<CreateOrderResponse>();
}

describe('concurrent buyers', () => {
  it('sells exactly the last 10 units to 50 buyers at once', async () => {
    const product = await createTestProduct(store.database, { name: 'Last Lot Lanterns', stock: 10 });
    const buyers = await createBuyers(store.database, 50, clock.now());

    const answers = await Promise.all(
      buyers.map((buyer) => postOrder(store.app, buyer.headers, [{ product, quantity: 1 }])),
    );

    expect(whatBuyersWereTold(answers)).toEqual({ sold: 10, [`409 ${outOfStockMessage(product.name)}`]: 40 });
    expect(await stockOf(product)).toBe(0);
    const [sales] = await store.database.db
      .select({
        orders: sql<number>`count(distinct ${orderItems.orderId})::int`,
        reserved: sql<number>`coalesce(sum(${orderItems.reservedQuantity}), 0)::int`,
      })
      .from(orderItems)
      .where(eq(orderItems.productId, product.id));
    expect(sales).toEqual({ orders: 10, reserved: 10 });
  });

  it(`sells exactly the last 10 units through two app instances on one database (${TWO_INSTANCES_ON})`, async () => {
    const second = await openSecondInstance();
    try {
      const product = await createTestProduct(store.database, { stock: 10 });
      const buyers = await createBuyers(store.database, 30, clock.now());

      const answers = await Promise.all(
        buyers.map((buyer, index) =>
          postOrder(index % 2 === 0 ? store.app : second.app, buyer.headers, [{ product, quantity: 1 }]),
        ),
      );

      expect(whatBuyersWereTold(answers)).toEqual({
        sold: 10,
        [`409 ${outOfStockMessage(product.name)}`]: 20,
      });
      expect(await stockOf(product)).toBe(0);
    } finally {
      await second.close();
    }
  });
});

/**
 * How many buyers heard each answer: "sold", or the status and message of a refusal. Every answer
 * but a sale or "out of stock" fails the test by name: a busy pool's 503 (decision 0053) cannot
 * come, since the tests' pools wait for a free place as long as it takes (test-database.ts), and
 * were it to come back the failure would say so instead of "20 refusals instead of 40".
 */
function whatBuyersWereTold(answers: readonly LightMyRequestResponse[]) {
  const told: Record<string, number> = {};
  for (const answer of answers) {
    const what = answer.statusCode === 200 ? 'sold' : `${answer.statusCode} ${answer.json().message}`;
    told[what] = (told[what] ?? 0) + 1;
  }
  return told;
}

/** A second store instance on the same database, as a second process would be. */
async function openSecondInstance() {
  const secondDatabase = await openSecondConnection(store.database);
  const secondApp = await createTestApp(secondDatabase, { clock, env: NO_JOBS });
  return {
    app: secondApp,
    async close() {
      await secondApp.close();
      await secondDatabase.close();
    },
  };
}

describe('GET /api/orders', () => {
  it('lists only my orders, newest first', async () => {
    const me = await store.newCustomer();
    const someoneElse = await store.newCustomer();
    const product = await createTestProduct(store.database);
    const first = await placeOrder(store.app, me.headers, [{ product, quantity: 1 }]);
    advance(1);
    const second = await placeOrder(store.app, me.headers, [{ product, quantity: 2 }]);
    await placeOrder(store.app, someoneElse.headers, [{ product, quantity: 1 }]);

    const response = await store.app.inject({ url: '/api/orders/my-orders', headers: me.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { data } = response.json<OrderListResponse>();
    expect(data.map((order) => order.id)).toEqual([second.orderId, first.orderId]);
  });

  it('answers an empty list for a new shopper', async () => {
    const newcomer = await store.newCustomer();
    const response = await store.app.inject({ url: '/api/orders/my-orders', headers: newcomer.headers });
    expect(response.json()).toEqual({ data: [] });
  });

  it('answers 404 for another shopper’s order and for an id that is no order', async () => {
    const product = await createTestProduct(store.database);
    const created = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    const stranger = await store.newCustomer();

    const theirs = await getOrder(created.orderId, stranger.headers);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Order not found');
    expect((await getOrder('not-an-order')).statusCode).toBe(404);
    expect((await getOrder('0b0c2d52-8a1f-4f0e-9d8e-5c1b2a3d4e5f')).statusCode).toBe(404);
    expect((await store.app.inject({ url: `/api/orders/${created.orderId}` })).statusCode).toBe(401);
  });
});

describe('unpaid orders expire', () => {
  it('cancels an unpaid order after 15 minutes and puts its stock back once', async () => {
    const product = await createTestProduct(store.database, { stock: 5 });
    const created = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 3 }]);
    expect(await stockOf(product)).toBe(2);

    advance(14);
    await store.app.orders.expireOverdueOrders();
    expect((await orderRow(created.orderId)).status).toBe('pending');

    advance(2);
    await store.app.orders.expireOverdueOrders();
    await store.app.orders.expireOverdueOrders();

    expect((await orderRow(created.orderId)).status).toBe('cancelled');
    expect(await stockOf(product)).toBe(5);
    const [line] = await store.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, created.orderId));
    expect(line!.reservedQuantity).toBe(0);
    const order = (await getOrder(created.orderId)).json<OrderRecord>();
    expect(order.events.map((event) => [event.status, event.note])).toEqual([
      ['pending', expect.any(String)],
      ['cancelled', ORDER_EXPIRED_NOTE],
    ]);
  });

  it(`releases stock exactly once when two instances sweep at the same moment (${TWO_INSTANCES_ON})`, async () => {
    const second = await openSecondInstance();
    try {
      const product = await createTestProduct(store.database, { stock: 8 });
      const created = [];
      for (let index = 0; index < 4; index++) {
        created.push(await placeOrder(store.app, store.customer.headers, [{ product, quantity: 2 }]));
      }
      expect(await stockOf(product)).toBe(0);

      advance(31);
      await Promise.all([
        store.app.orders.expireOverdueOrders(),
        second.app.orders.expireOverdueOrders(),
        store.app.orders.expireOverdueOrders(),
      ]);

      expect(await stockOf(product)).toBe(8);
      for (const { orderId } of created) {
        const cancellations = await store.database.db.$count(
          orderEvents,
          sql`${orderEvents.orderId} = ${orderId} and ${orderEvents.status} = 'cancelled'`,
        );
        expect(cancellations).toBe(1);
      }
    } finally {
      await second.close();
    }
  });
});
