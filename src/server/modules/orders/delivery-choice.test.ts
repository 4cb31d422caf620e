import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminOrderList } from '../../../shared/api/admin';
import type { OrderRecord } from '../../../shared/api/orders';
import { type CreateOrderResponse, PAYMENT_MESSAGES } from '../../../shared/api/payments';
import { DELIVERY_DATE_MESSAGES } from '../../../shared/delivery-dates';
import { mailOutbox, orders } from '../../db/schema';
import {
  createTestProduct,
  type Line,
  orderBody,
  payOrder,
  seedPincodes,
  TEST_ADDRESS,
  totalFor,
} from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0015: create-order re-checks the chosen delivery date and slot with its own clock.

// 11:00 India time on Monday 23 November 2026.
const MORNING = '2026-11-23T11:00:00+05:30';
const clock = createTestClock(MORNING);
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  customer: true,
  admin: true,
});

const DELHI_ADDRESS = { ...TEST_ADDRESS, city: 'New Delhi', postalCode: '110001' };

const postWithDelivery = (
  lines: Line[],
  delivery: unknown,
  options: { totalAmount?: number; address?: typeof TEST_ADDRESS } = {},
) =>
  store.app.inject({
    method: 'POST',
    url: '/api/payments/create-order',
    headers: store.customer.headers,
    payload: {
      ...orderBody(lines, {
        shippingAddress: options.address ?? TEST_ADDRESS,
        totalAmount: options.totalAmount,
      }),
      delivery,
    },
  });

const orderCount = () => store.database.db.$count(orders);

describe('delivery date and slot on create-order', () => {
  it('refuses a same-day date once 2 PM India time has passed, naming the earliest date', async () => {
    clock.set('2026-11-23T14:30:00+05:30');
    const product = await createTestProduct(store.database, { name: 'Mysore Pak Box' });
    const before = await orderCount();
    const response = await postWithDelivery([{ product, quantity: 1 }], {
      date: '2026-11-23',
      slot: 'standard',
    });
    expect(response.statusCode).toBe(400);
    const message = 'Same-day delivery closes at 2 PM India time. Please choose Tue, 24 Nov or later';
    // The path lets the payment page offer the dates again.
    expect(response.json()).toMatchObject({ message, errors: [{ path: 'delivery', message }] });
    expect(await orderCount()).toBe(before);
  });

  it('refuses the midnight slot at a pincode without same-day delivery (Delhi)', async () => {
    clock.set(MORNING);
    const product = await createTestProduct(store.database, { name: 'Brass Ganesha' });
    const lines = [{ product, quantity: 1 }];
    const response = await postWithDelivery(
      lines,
      { date: '2026-11-26', slot: 'midnight' },
      { address: DELHI_ADDRESS, totalAmount: totalFor(lines) + 199 },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(DELIVERY_DATE_MESSAGES.midnightNotHere);
  });

  it('refuses a date before a standard pincode can be reached', async () => {
    clock.set(MORNING);
    const product = await createTestProduct(store.database, { name: 'Kundan Rakhi Set' });
    const response = await postWithDelivery(
      [{ product, quantity: 1 }],
      { date: '2026-11-24', slot: 'standard' },
      { address: DELHI_ADDRESS },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The earliest delivery date for this pincode is Thu, 26 Nov');
  });

  it('refuses a date for an order with a pre-order line', async () => {
    clock.set(MORNING);
    const product = await createTestProduct(store.database, {
      name: 'Silk Potli Bag',
      stock: 0,
      allowPreOrder: true,
    });
    const response = await postWithDelivery([{ product, quantity: 2, inStock: false, allowPreOrder: true }], {
      date: '2026-11-30',
      slot: 'standard',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(DELIVERY_DATE_MESSAGES.preOrder);
  });

  it('refuses a date that is not on the calendar', async () => {
    const product = await createTestProduct(store.database);
    const response = await postWithDelivery([{ product, quantity: 1 }], {
      date: '2026-11-31',
      slot: 'standard',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(DELIVERY_DATE_MESSAGES.invalidDate);
  });

  it('refuses a total that leaves out the ₹199 midnight fee', async () => {
    clock.set(MORNING);
    const product = await createTestProduct(store.database);
    const response = await postWithDelivery([{ product, quantity: 1 }], {
      date: '2026-11-23',
      slot: 'midnight',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(PAYMENT_MESSAGES.pricesChanged);
  });

  it('stores a midnight choice in Bengaluru, charges ₹199 for it and shows it to the shopper and the owner', async () => {
    clock.set(MORNING);
    const product = await createTestProduct(store.database, {
      name: 'Dry Fruit Hamper',
      priceRupees: 1500,
    });
    const lines = [{ product, quantity: 1 }];
    const response = await postWithDelivery(
      lines,
      { date: '2026-11-23', slot: 'midnight' },
      { totalAmount: 1500 + 199 },
    );
    expect(response.statusCode).toBe(200);
    const created = response.json<CreateOrderResponse>();
    expect(created.totalAmount).toBe(1699);

    const delivery = { date: '2026-11-23', slot: 'midnight', fee: 199 };
    const own = (
      await store.app.inject({ url: `/api/orders/${created.orderId}`, headers: store.customer.headers })
    ).json<OrderRecord>();
    expect(own).toMatchObject({ subtotal: 1500, shippingCost: 199, totalAmount: 1699, delivery });
    const backOffice = await store.app.inject({
      url: `/api/admin/orders/${created.orderId}`,
      headers: store.admin.headers,
    });
    expect(backOffice.json<AdminOrderDetail>().order.delivery).toEqual(delivery);
    // The fee is part of the paid amount, and the tax invoice still adds up to it.
    await payOrder(store.app, store.customer.headers, created);
    const paid = (
      await store.app.inject({ url: `/api/orders/${created.orderId}`, headers: store.customer.headers })
    ).json<OrderRecord>();
    expect(paid.invoiceNumber).not.toBeNull();

    // The owner's list and the shopper's confirmation e-mail name the day and the slot.
    const list = await store.app.inject({
      url: `/api/admin/orders?q=${created.orderNumber}`,
      headers: store.admin.headers,
    });
    const listed = list.json<AdminOrderList>().data.find((row) => row.id === created.orderId);
    expect(listed?.delivery).toEqual(delivery);
    const mails = await store.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, created.orderId));
    const confirmation = mails.find((mail) => mail.kind === 'order-confirmation');
    expect(confirmation?.text).toContain('Delivery on Mon, 23 Nov · Midnight delivery (11 PM - 11:59 PM)');
  });

  it('stores a standard slot at no charge, and no choice as null', async () => {
    clock.set(MORNING);
    const product = await createTestProduct(store.database);
    const lines = [{ product, quantity: 1 }];
    const chosen = await postWithDelivery(
      lines,
      { date: '2026-11-29', slot: 'standard' },
      { address: DELHI_ADDRESS },
    );
    expect(chosen.statusCode).toBe(200);
    const withChoice = await store.app.inject({
      url: `/api/orders/${chosen.json().orderId}`,
      headers: store.customer.headers,
    });
    expect(withChoice.json<OrderRecord>().delivery).toEqual({ date: '2026-11-29', slot: 'standard', fee: 0 });

    const plain = await postWithDelivery(lines, undefined);
    const withoutChoice = await store.app.inject({
      url: `/api/orders/${plain.json().orderId}`,
      headers: store.customer.headers,
    });
    expect(withoutChoice.json<OrderRecord>().delivery).toBeNull();
  });
});
