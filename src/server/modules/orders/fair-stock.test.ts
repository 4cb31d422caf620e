import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCoupon } from '../../../shared/api/coupons';
import type { OrderRecord } from '../../../shared/api/orders';
import { type CreateOrderResponse, tooManyUnpaidOrdersMessage } from '../../../shared/api/payments';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { coupons, orders, products } from '../../db/schema';
import {
  createTestProduct,
  payOrder,
  placeOrder,
  postOrder,
  seedPincodes,
  TEST_ADDRESS,
} from '../../testing/order-fixtures';
import { registerTestAdmin, registerTestUser } from '../../testing/test-accounts';
import { createTestApp, createTestClock } from '../../testing/test-app';
import { createTestDatabase, openSecondConnection, TWO_INSTANCES_ON } from '../../testing/test-database';

// Fair stock: one account cannot hold the store's stock hostage with unpaid orders.

const clock = createTestClock('2031-05-01T04:30:00.000Z');
const defaults = loadConfig({});
let database: Database;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedPincodes(database);
  app = await createTestApp(database, {
    clock,
    env: { BACKGROUND_JOBS: 'false', MAX_UNPAID_ORDERS: String(defaults.MAX_UNPAID_ORDERS) },
  });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const stockOf = async (productId: number) =>
  (await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]
    ?.stock;
const cancel = (orderId: string, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel`, headers });

describe('the defaults', () => {
  it('hold at most 3 unpaid orders per account, each for 15 minutes', () => {
    expect(defaults.MAX_UNPAID_ORDERS).toBe(3);
    expect(defaults.ORDER_EXPIRY_MINUTES).toBe(15);
  });
});

describe('unpaid orders per account', () => {
  it('refuses a fourth unpaid order, naming the three and where to pay or cancel them', async () => {
    const shopper = await registerTestUser(app);
    const product = await createTestProduct(database, { stock: 10 });
    const placed = [];
    for (let index = 0; index < 3; index++) {
      placed.push(await placeOrder(app, shopper.headers, [{ product, quantity: 2 }]));
    }
    expect(await stockOf(product.id)).toBe(4);

    const fourth = await postOrder(app, shopper.headers, [{ product, quantity: 2 }]);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json<{ message: string }>().message).toBe(
      tooManyUnpaidOrdersMessage(placed.map((order) => order.orderNumber)),
    );
    expect(fourth.json<{ message: string }>().message).toContain('My Orders (/orders)');
    expect(await stockOf(product.id)).toBe(4);

    // Another shopper is not held back by this one.
    const other = await registerTestUser(app);
    expect((await postOrder(app, other.headers, [{ product, quantity: 1 }])).statusCode).toBe(200);

    // Cancelling one frees a place at once.
    expect((await cancel(placed[0]!.orderId, shopper.headers)).statusCode).toBe(200);
    expect((await postOrder(app, shopper.headers, [{ product, quantity: 2 }])).statusCode).toBe(200);
  });

  it(`counts five orders sent at once through two instances one after the other: three are placed (${TWO_INSTANCES_ON})`, async () => {
    const shopper = await registerTestUser(app);
    const product = await createTestProduct(database, { stock: 50 });
    const second = await openSecondConnection(database);
    const secondApp = await createTestApp(second, {
      clock,
      env: { BACKGROUND_JOBS: 'false', MAX_UNPAID_ORDERS: String(defaults.MAX_UNPAID_ORDERS) },
    });
    try {
      const answers = await Promise.all(
        [app, secondApp, app, secondApp, app].map((instance) =>
          postOrder(instance, shopper.headers, [{ product, quantity: 1 }]),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 409, 409]);
      const held = await database.db.$count(
        orders,
        sql`${orders.userId} = ${shopper.user.id} and ${orders.status} = 'pending'`,
      );
      expect(held).toBe(3);
      expect(await stockOf(product.id)).toBe(47);
    } finally {
      await secondApp.close();
      await second.close();
    }
  });

  it('does not count an order past its expiry that the sweep has not reached yet, nor a quote', async () => {
    const shopper = await registerTestUser(app);
    const admin = await registerTestAdmin(app, database);
    const product = await createTestProduct(database, { stock: 20 });
    for (let index = 0; index < 3; index++)
      await placeOrder(app, shopper.headers, [{ product, quantity: 1 }]);
    clock.set(new Date(clock.now().getTime() + 16 * 60 * 1000));

    const quote = await app.inject({
      method: 'POST',
      url: '/api/admin/quotes',
      headers: admin.headers,
      payload: {
        customerEmail: shopper.user.email,
        lines: [{ productId: product.id, quantity: 2 }],
        shippingAddress: TEST_ADDRESS,
      },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    expect((await postOrder(app, shopper.headers, [{ product, quantity: 1 }])).statusCode).toBe(200);
  });
});

describe('POST /api/orders/:id/cancel', () => {
  it('gives the stock and a single-use coupon back at once', async () => {
    const admin = await registerTestAdmin(app, database);
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: admin.headers,
      payload: { code: 'ONCEONLY', kind: 'flat', value: 100, usageLimit: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const coupon = created.json<{ coupon: AdminCoupon }>().coupon;
    const shopper = await registerTestUser(app);
    const lamp = await createTestProduct(database, { priceRupees: 1500, stock: 1 });
    const order = await placeOrder(app, shopper.headers, [{ product: lamp, quantity: 1 }], {
      couponCode: coupon.code,
      totalAmount: 1400,
    });
    expect(await stockOf(lamp.id)).toBe(0);

    const cancelled = await cancel(order.orderId, shopper.headers);

    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const record = cancelled.json<OrderRecord>();
    expect(record.status).toBe('cancelled');
    expect(record.events.at(-1)?.note).toBe('Cancelled by the customer before payment');
    expect(await stockOf(lamp.id)).toBe(1);
    const [row] = await database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row?.usedCount).toBe(0);
    // Another shopper can have both now.
    const other = await registerTestUser(app);
    await placeOrder(app, other.headers, [{ product: lamp, quantity: 1 }], {
      couponCode: coupon.code,
      totalAmount: 1400,
    });
  });

  it("refuses an order that is no longer waiting for payment, and answers 404 for another's", async () => {
    const shopper = await registerTestUser(app);
    const product = await createTestProduct(database, { stock: 3 });
    const order = await placeOrder(app, shopper.headers, [{ product, quantity: 1 }]);
    expect((await cancel(order.orderId, (await registerTestUser(app)).headers)).statusCode).toBe(404);
    expect((await cancel(order.orderId, shopper.headers)).statusCode).toBe(200);

    const again = await cancel(order.orderId, shopper.headers);
    expect(again.statusCode).toBe(409);
    expect(await stockOf(product.id)).toBe(3);
    expect(
      (await app.inject({ method: 'POST', url: `/api/orders/${order.orderId}/cancel` })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/orders/:id/payment (Complete payment)', () => {
  const resume = (orderId: string, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: `/api/orders/${orderId}/payment`, headers });
  const recordOf = async (orderId: string, headers: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers })).json<OrderRecord>();

  it('says until when a pending order can be paid: its 15-minute expiry', async () => {
    const shopper = await registerTestUser(app);
    const product = await createTestProduct(database, { stock: 3 });
    const order = await placeOrder(app, shopper.headers, [{ product, quantity: 1 }]);

    const record = await recordOf(order.orderId, shopper.headers);

    expect(record.status).toBe('pending');
    expect(record.payableUntil).toBe(new Date(clock.now().getTime() + 15 * 60 * 1000).toISOString());
  });

  it('answers the same provider order again, which then pays the order', async () => {
    const shopper = await registerTestUser(app);
    const product = await createTestProduct(database, { stock: 3 });
    const order = await placeOrder(app, shopper.headers, [{ product, quantity: 1 }]);

    const resumed = await resume(order.orderId, shopper.headers);

    expect(resumed.statusCode, resumed.body).toBe(200);
    const answer = resumed.json<CreateOrderResponse>();
    expect(answer).toMatchObject({
      orderId: order.orderId,
      totalAmount: order.totalAmount,
      order: order.order,
    });
    await payOrder(app, shopper.headers, answer);
    const paid = await recordOf(order.orderId, shopper.headers);
    expect(paid.status).toBe('paid');
    expect(paid.payableUntil).toBeNull();
    expect((await resume(order.orderId, shopper.headers)).json()).toMatchObject({
      message: 'This order has already been paid',
    });
  });

  it("refuses a cancelled or expired order, and answers 404 for another's", async () => {
    const shopper = await registerTestUser(app);
    const product = await createTestProduct(database, { stock: 3 });
    const cancelled = await placeOrder(app, shopper.headers, [{ product, quantity: 1 }]);
    const expiring = await placeOrder(app, shopper.headers, [{ product, quantity: 1 }]);
    expect((await resume(expiring.orderId, (await registerTestUser(app)).headers)).statusCode).toBe(404);
    await cancel(cancelled.orderId, shopper.headers);

    const refused = await resume(cancelled.orderId, shopper.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'This order is no longer awaiting payment. Please review your cart.',
    });
    expect((await recordOf(cancelled.orderId, shopper.headers)).payableUntil).toBeNull();

    // Past its expiry, before the sweep has cancelled it, it cannot be paid either.
    const start = clock.now();
    clock.set(new Date(start.getTime() + 15 * 60 * 1000));
    try {
      expect((await resume(expiring.orderId, shopper.headers)).statusCode).toBe(409);
    } finally {
      clock.set(start);
    }
  });
});
