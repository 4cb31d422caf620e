import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminCoupon, NewAdminCouponInput } from '../../../shared/api/coupons';
import type { OrderRecord } from '../../../shared/api/orders';
import { PAYMENT_MESSAGES } from '../../../shared/api/payments';
import { COUPON_MESSAGES, minimumOrderMessage } from '../../../shared/coupon';
import { couponRedemptions, coupons, orderItems } from '../../db/schema';
import {
  createBuyers,
  createTestProduct,
  type Line,
  placeOrder,
  postOrder,
  seedPincodes,
  testCategory,
} from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { COUPON_CODE_TAKEN, UNKNOWN_CODES_PER_HOUR } from './coupon-service';

// 2031-10-20 11:30 in India.
const clock = createTestClock('2031-10-20T06:00:00.000Z');
const store = setUpTestStore({ clock, env: { BACKGROUND_JOBS: 'false' }, seed: seedPincodes, admin: true });
let codeCounter = 0;

async function createCoupon(fields: Partial<NewAdminCouponInput> = {}): Promise<AdminCoupon> {
  codeCounter += 1;
  const response = await store.app.inject({
    method: 'POST',
    url: '/api/admin/coupons',
    headers: store.admin.headers,
    payload: { code: `FEST${codeCounter}`, kind: 'percent', value: 10, ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ coupon: AdminCoupon }>().coupon;
}

const validate = (headers: Record<string, string>, code: string, lines: readonly Line[]) =>
  store.app.inject({
    method: 'POST',
    url: '/api/coupons/validate',
    headers,
    payload: { code, items: lines.map((line) => ({ productId: line.product.id, quantity: line.quantity })) },
  });

const orderOf = async (headers: Record<string, string>, orderId: string) =>
  (await store.app.inject({ url: `/api/orders/${orderId}`, headers })).json<OrderRecord>();

describe('coupons in the back office', () => {
  it('creates a coupon with its limits and lists it', async () => {
    const diwali = await testCategory(store.database, 'Diwali Gifts');
    const coupon = await createCoupon({
      code: ' diwali-200 ',
      description: 'Diwali week',
      kind: 'flat',
      value: 200,
      minOrder: 999,
      startsOn: '2031-10-20',
      endsOn: '2031-11-05',
      usageLimit: 500,
      perCustomerLimit: 1,
      categoryIds: [diwali.id],
    });
    expect(coupon).toMatchObject({
      code: 'DIWALI-200',
      summary: '₹200 off on orders of ₹999 or more',
      value: 200,
      minOrder: 999,
      startsOn: '2031-10-20',
      endsOn: '2031-11-05',
      usageLimit: 500,
      perCustomerLimit: 1,
      categoryIds: [diwali.id],
      active: true,
      usedCount: 0,
    });

    const list = await store.app.inject({ url: '/api/admin/coupons', headers: store.admin.headers });
    expect(list.json<{ data: AdminCoupon[] }>().data.map((row) => row.code)).toContain('DIWALI-200');
  });

  it('refuses a code that exists, a percent above 100 and a customer', async () => {
    const existing = await createCoupon();
    const again = await store.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: store.admin.headers,
      payload: { code: existing.code.toLowerCase(), kind: 'flat', value: 50 },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(COUPON_CODE_TAKEN);

    const tooMuch = await store.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: store.admin.headers,
      payload: { code: 'HALFPLUS', kind: 'percent', value: 120 },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('A percent is a whole number from 1 to 100');

    const shopper = await store.newCustomer();
    const asShopper = await store.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: shopper.headers,
      payload: { code: 'MINE', kind: 'flat', value: 50 },
    });
    expect(asShopper.statusCode).toBe(403);
  });
});

describe('POST /api/coupons/validate', () => {
  it('quotes the discount on the server’s prices, whatever the case of the code', async () => {
    const coupon = await createCoupon({ value: 20, maxDiscount: 150 });
    const shopper = await store.newCustomer();
    const lamp = await createTestProduct(store.database, { priceRupees: 499 });
    const response = await validate(shopper.headers, coupon.code.toLowerCase(), [
      { product: lamp, quantity: 1 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    // 20% of ₹499 is ₹99.80, under the ₹150 cap.
    expect(response.json()).toEqual({ code: coupon.code, summary: '20% off (up to ₹150)', discount: 99.8 });

    const capped = await validate(shopper.headers, coupon.code, [{ product: lamp, quantity: 2 }]);
    expect(capped.json().discount).toBe(150);
  });

  it('says why a code does not apply', async () => {
    const shopper = await store.newCustomer();
    const lamp = await createTestProduct(store.database, { priceRupees: 300 });
    const lines = [{ product: lamp, quantity: 1 }];
    const minimum = await createCoupon({ minOrder: 500 });
    const expired = await createCoupon({ startsOn: '2031-10-01', endsOn: '2031-10-19' });
    const later = await createCoupon({ startsOn: '2031-10-21' });
    const off = await createCoupon({ active: false });

    const answers = await Promise.all(
      ['NOSUCHCODE', minimum.code, expired.code, later.code, off.code].map((code) =>
        validate(shopper.headers, code, lines),
      ),
    );
    expect(answers.map((answer) => [answer.statusCode, answer.json().message])).toEqual([
      [409, COUPON_MESSAGES.notFound],
      [409, minimumOrderMessage(50_000)],
      [409, COUPON_MESSAGES.expired],
      [409, COUPON_MESSAGES.notStarted],
      [409, COUPON_MESSAGES.notFound],
    ]);
  });

  it('lets an account try only so many codes that do not exist, then no code for the rest of the hour', async () => {
    const coupon = await createCoupon();
    const guesser = await store.newCustomer();
    const lamp = await createTestProduct(store.database, { priceRupees: 500, stock: 10 });
    const lines = [{ product: lamp, quantity: 1 }];
    for (let guess = 0; guess < UNKNOWN_CODES_PER_HOUR; guess++) {
      const wrong = await validate(guesser.headers, `GUESS${guess}`, lines);
      expect([wrong.statusCode, wrong.json().message]).toEqual([409, COUPON_MESSAGES.notFound]);
    }
    // The real code now waits too, at the quote and at the order.
    const held = await validate(guesser.headers, coupon.code, lines);
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toMatch(
      /^Too many coupon codes tried\. Please try again in (60|59) minutes\.$/,
    );
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(58 * 60);
    const order = await postOrder(store.app, guesser.headers, lines, { couponCode: coupon.code });
    expect(order.statusCode).toBe(429);
    // Another account is not held by it.
    const other = await store.newCustomer();
    expect((await validate(other.headers, coupon.code, lines)).json()).toMatchObject({ discount: 50 });
  });

  it('needs a signed-in shopper', async () => {
    const response = await store.app.inject({
      method: 'POST',
      url: '/api/coupons/validate',
      payload: { code: 'FEST1', items: [{ productId: 1, quantity: 1 }] },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('create-order with a coupon', () => {
  it('takes the discount off the items, keeps shipping from the cart value and stores each line’s share', async () => {
    const coupon = await createCoupon({ kind: 'flat', value: 100 });
    const shopper = await store.newCustomer();
    const diya = await createTestProduct(store.database, { priceRupees: 300 });
    const thali = await createTestProduct(store.database, { priceRupees: 600 });
    const lines = [
      { product: diya, quantity: 1 },
      { product: thali, quantity: 1 },
    ];
    // ₹900 of items (below ₹1,000: ₹50 shipping) less ₹100.
    const created = await placeOrder(store.app, shopper.headers, lines, {
      couponCode: coupon.code,
      totalAmount: 850,
    });
    expect(created.totalAmount).toBe(850);
    expect(created.order.amount).toBe(85_000);

    const order = await orderOf(shopper.headers, created.orderId);
    expect(order).toMatchObject({ subtotal: 900, discount: 100, couponCode: coupon.code, shippingCost: 50 });
    const shares = await store.database.db
      .select({ discountPaise: orderItems.discountPaise })
      .from(orderItems)
      .where(eq(orderItems.orderId, created.orderId))
      .orderBy(orderItems.id);
    expect(shares.map((share) => share.discountPaise)).toEqual([3_333, 6_667]);
  });

  it('refuses a total that ignores the discount', async () => {
    const coupon = await createCoupon({ kind: 'flat', value: 100 });
    const shopper = await store.newCustomer();
    const lamp = await createTestProduct(store.database, { priceRupees: 1200 });
    const response = await postOrder(store.app, shopper.headers, [{ product: lamp, quantity: 1 }], {
      couponCode: coupon.code,
      totalAmount: 1200,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(PAYMENT_MESSAGES.pricesChanged);
  });

  it('discounts only the categories the coupon names', async () => {
    const rakhi = await testCategory(store.database, 'Rakhi');
    const coupon = await createCoupon({ value: 50, categoryIds: [rakhi.id] });
    const shopper = await store.newCustomer();
    const thread = await createTestProduct(store.database, { priceRupees: 400, category: 'Rakhi' });
    const mug = await createTestProduct(store.database, { priceRupees: 700 });
    const created = await placeOrder(
      store.app,
      shopper.headers,
      [
        { product: thread, quantity: 1 },
        { product: mug, quantity: 1 },
      ],
      // ₹1,100 of items, free shipping, 50% of the ₹400 Rakhi line off.
      { couponCode: coupon.code, totalAmount: 900 },
    );
    expect((await orderOf(shopper.headers, created.orderId)).discount).toBe(200);
  });

  it('holds the per-customer limit', async () => {
    const coupon = await createCoupon({ kind: 'flat', value: 50, perCustomerLimit: 1 });
    const shopper = await store.newCustomer();
    const lamp = await createTestProduct(store.database, { priceRupees: 1500 });
    const lines = [{ product: lamp, quantity: 1 }];
    await placeOrder(store.app, shopper.headers, lines, { couponCode: coupon.code, totalAmount: 1450 });

    const second = await postOrder(store.app, shopper.headers, lines, {
      couponCode: coupon.code,
      totalAmount: 1450,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(COUPON_MESSAGES.usedByYou);
    const quote = await validate(shopper.headers, coupon.code, lines);
    expect(quote.json().message).toBe(COUPON_MESSAGES.usedByYou);
  });

  it('lets a coupon limited to 1 use discount only one of two concurrent orders', async () => {
    const coupon = await createCoupon({ kind: 'flat', value: 100, usageLimit: 1 });
    const lamp = await createTestProduct(store.database, { priceRupees: 1500, stock: 10 });
    const lines = [{ product: lamp, quantity: 1 }];
    const buyers = await createBuyers(store.database, 2, clock.now());

    const answers = await Promise.all(
      buyers.map((buyer) =>
        postOrder(store.app, buyer.headers, lines, { couponCode: coupon.code, totalAmount: 1400 }),
      ),
    );

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toBe(COUPON_MESSAGES.usedUp);
    const [row] = await store.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row?.usedCount).toBe(1);
  });

  it('gives the use back when the owner cancels the order before it is paid', async () => {
    const coupon = await createCoupon({ kind: 'flat', value: 100, usageLimit: 1 });
    const shopper = await store.newCustomer();
    const lamp = await createTestProduct(store.database, { priceRupees: 1500 });
    const created = await placeOrder(store.app, shopper.headers, [{ product: lamp, quantity: 1 }], {
      couponCode: coupon.code,
      totalAmount: 1400,
    });

    const cancelled = await store.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${created.orderId}/status`,
      headers: store.admin.headers,
      payload: { status: 'cancelled', note: '' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [row] = await store.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row?.usedCount).toBe(0);
  });

  it('gives the use back when the order expires unpaid', async () => {
    const coupon = await createCoupon({ kind: 'flat', value: 100, usageLimit: 1 });
    const shopper = await store.newCustomer();
    const lamp = await createTestProduct(store.database, { priceRupees: 1500 });
    const lines = [{ product: lamp, quantity: 1 }];
    await placeOrder(store.app, shopper.headers, lines, { couponCode: coupon.code, totalAmount: 1400 });

    clock.set(new Date(clock.now().getTime() + 31 * 60 * 1000));
    await store.app.orders.expireOverdueOrders();

    const [row] = await store.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row?.usedCount).toBe(0);
    const again = await postOrder(store.app, shopper.headers, lines, {
      couponCode: coupon.code,
      totalAmount: 1400,
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('takes the use again when a late payment revives the expired order, even past the limit', async () => {
    const coupon = await createCoupon({ kind: 'flat', value: 100, usageLimit: 1 });
    const lamp = await createTestProduct(store.database, { priceRupees: 1500, stock: 5 });
    const lines = [{ product: lamp, quantity: 1 }];
    const [late, prompt] = await createBuyers(store.database, 2, clock.now());
    const expired = await placeOrder(store.app, late!.headers, lines, {
      couponCode: coupon.code,
      totalAmount: 1400,
    });
    clock.set(new Date(clock.now().getTime() + 31 * 60 * 1000));
    await store.app.orders.expireOverdueOrders();
    // Given back at expiry, the one use goes to another shopper.
    await placeOrder(store.app, prompt!.headers, lines, { couponCode: coupon.code, totalAmount: 1400 });

    // Then the first shopper's payment arrives: the order is revived with the price they paid.
    const outcome = await store.app.payments.capturePayment({
      orderId: expired.orderId,
      providerOrderId: expired.order.id,
      paymentId: `pay_late${codeCounter}`,
      amountPaise: expired.order.amount,
      currency: 'INR',
      method: 'upi',
    });
    expect(outcome.kind).toBe('paid');
    const [row] = await store.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row?.usedCount).toBe(2);
    const redemptions = await store.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, coupon.id));
    expect(redemptions.map((redemption) => redemption.orderId)).toContain(expired.orderId);
  });
});
