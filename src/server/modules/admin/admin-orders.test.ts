import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminOrderList } from '../../../shared/api/admin';
import type { OrderRecord } from '../../../shared/api/orders';
import { mailOutbox, orderEvents, products } from '../../db/schema';
import { createTestProduct, placeOrder, seedPincodes, type TestProduct } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { RETURN_WINDOW_CLOSED } from './admin-order-service';

const clock = createTestClock('2031-03-10T06:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  admin: true,
  customer: true,
});

const stockOf = async (product: TestProduct) => {
  const [row] = await store.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, product.id));
  return row?.stock;
};

// Decision 0065: a note reaches the customer only when the owner ticks "send to the customer".
const move = (orderId: string, status: string, note = '') =>
  store.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/status`,
    headers: store.admin.headers,
    payload: { status, note, noteToCustomer: note !== '' },
  });

async function moveAlong(orderId: string, statuses: string[]) {
  for (const status of statuses) {
    const response = await move(orderId, status);
    expect(response.statusCode, response.body).toBe(200);
  }
}

describe('GET /api/admin/orders', () => {
  it('finds orders by number, e-mail and status, newest first, in pages', async () => {
    const product = await createTestProduct(store.database);
    const buyer = await store.newCustomer({ fullName: 'Kavya Raghunathan' });
    const first = await placeOrder(store.app, buyer.headers, [{ product, quantity: 1 }]);
    const second = await placeOrder(store.app, buyer.headers, [{ product, quantity: 2 }]);
    await moveAlong(second.orderId, ['paid']);

    const byEmail = await store.app.inject({
      url: '/api/admin/orders',
      query: { q: buyer.user.email },
      headers: store.admin.headers,
    });
    const list = byEmail.json<AdminOrderList>();
    expect(list.data.map((order) => order.orderNumber)).toEqual([second.orderNumber, first.orderNumber]);
    expect(list.data[0]).toMatchObject({ customerEmail: buyer.user.email, itemCount: 2, status: 'paid' });
    // The account's name finds them too, and an order's page names its account.
    const byName = await store.app.inject({
      url: '/api/admin/orders',
      query: { q: 'raghunathan' },
      headers: store.admin.headers,
    });
    expect(byName.json<AdminOrderList>().total).toBe(2);
    const detail = await store.app.inject({
      url: `/api/admin/orders/${first.orderId}`,
      headers: store.admin.headers,
    });
    expect(detail.json<AdminOrderDetail>().customer).toEqual({
      id: buyer.user.id,
      name: 'Kavya Raghunathan',
      email: buyer.user.email,
    });

    const byNumber = await store.app.inject({
      url: '/api/admin/orders',
      query: { q: first.orderNumber },
      headers: store.admin.headers,
    });
    expect(byNumber.json<AdminOrderList>().data.map((order) => order.id)).toEqual([first.orderId]);

    // TEST_ADDRESS's phone is '98765 43210'; the search ignores spaces.
    const byPhone = await store.app.inject({
      url: '/api/admin/orders',
      query: { q: '+91 98765-43210', status: 'pending' },
      headers: store.admin.headers,
    });
    expect(byPhone.json<AdminOrderList>().data.map((order) => order.id)).toContain(first.orderId);

    const paid = await store.app.inject({
      url: '/api/admin/orders',
      query: { q: buyer.user.email, status: 'paid' },
      headers: store.admin.headers,
    });
    expect(paid.json<AdminOrderList>().data.map((order) => order.id)).toEqual([second.orderId]);
  });

  it('filters by India-time dates', async () => {
    const product = await createTestProduct(store.database);
    const buyer = await store.newCustomer();
    // 20:00 UTC on the 10th is 01:30 on the 11th in India.
    clock.set('2031-03-10T20:00:00.000Z');
    const late = await placeOrder(store.app, buyer.headers, [{ product, quantity: 1 }]);
    clock.set('2031-03-10T06:00:00.000Z');
    const query = (from: string, to: string) =>
      store.app.inject({
        url: '/api/admin/orders',
        query: { q: buyer.user.email, from, to },
        headers: store.admin.headers,
      });
    expect(
      (await query('2031-03-11', '2031-03-11')).json<AdminOrderList>().data.map((order) => order.id),
    ).toEqual([late.orderId]);
    expect((await query('2031-03-10', '2031-03-10')).json<AdminOrderList>().data).toEqual([]);
  });

  it('refuses a malformed date with 400', async () => {
    const response = await store.app.inject({
      url: '/api/admin/orders',
      query: { from: '10/03/2031' },
      headers: store.admin.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ path: 'from' }] });
  });
});

describe('GET /api/admin/orders/:id', () => {
  it('shows the order, its customer and the statuses it may move to', async () => {
    const product = await createTestProduct(store.database);
    const order = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    const response = await store.app.inject({
      url: `/api/admin/orders/${order.orderId}`,
      headers: store.admin.headers,
    });
    const detail = response.json<AdminOrderDetail>();
    expect(detail.order.orderNumber).toBe(order.orderNumber);
    expect(detail.customer.email).toBe(store.customer.user.email);
    expect(detail.nextStatuses).toEqual(['paid', 'cancelled']);
  });

  it('answers 404 for an unknown order', async () => {
    const response = await store.app.inject({
      url: '/api/admin/orders/not-an-order',
      headers: store.admin.headers,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/admin/orders/:id/status', () => {
  it('moves an order along, shows the customer the step and mails only the steps that matter', async () => {
    const product = await createTestProduct(store.database);
    const order = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    await moveAlong(order.orderId, ['paid', 'confirmed', 'processing', 'packed']);
    const response = await move(order.orderId, 'shipped', 'Sent with BlueDart, AWB 12345');
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminOrderDetail>().nextStatuses).toEqual(['out_for_delivery']);

    const seen = await store.app.inject({
      url: `/api/orders/${order.orderId}`,
      headers: store.customer.headers,
    });
    const record = seen.json<OrderRecord>();
    expect(record.status).toBe('shipped');
    expect(record.events.at(-1)).toMatchObject({ status: 'shipped', note: 'Sent with BlueDart, AWB 12345' });

    const [event] = await store.database.db
      .select({ actor: orderEvents.actor })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.orderId), eq(orderEvents.status, 'shipped')));
    expect(event?.actor).toBe('admin');
    const mails = await store.database.db
      .select({ subject: mailOutbox.subject, recipient: mailOutbox.recipient, text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, order.orderId), eq(mailOutbox.kind, 'order-status')));
    // Paid and shipped, not confirmed, processing or packed (one mail per click before).
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Order ${order.orderNumber}: Payment Confirmed`,
      `Order ${order.orderNumber}: Shipped`,
    ]);
    expect(mails).toContainEqual({
      subject: `Order ${order.orderNumber}: Shipped`,
      recipient: store.customer.user.email,
      text: expect.stringContaining('Sent with BlueDart, AWB 12345'),
    });
  });

  it('refuses a step the status machine does not allow with 409', async () => {
    const product = await createTestProduct(store.database);
    const order = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    const response = await move(order.orderId, 'shipped');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('An order that is Payment Pending cannot become Shipped');
  });

  it('refuses an unknown status with 400', async () => {
    const product = await createTestProduct(store.database);
    const order = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    expect((await move(order.orderId, 'teleported')).statusCode).toBe(400);
  });

  it('puts a cancelled order’s reserved stock back exactly once', async () => {
    const product = await createTestProduct(store.database, { stock: 10 });
    const order = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 3 }]);
    await moveAlong(order.orderId, ['paid']);
    expect(await stockOf(product)).toBe(7);
    const [cancelled, again] = await Promise.all([
      move(order.orderId, 'cancelled'),
      move(order.orderId, 'cancelled'),
    ]);
    expect([cancelled.statusCode, again.statusCode].sort()).toEqual([200, 409]);
    expect(await stockOf(product)).toBe(10);
  });

  it('allows a return within the return window only', async () => {
    const product = await createTestProduct(store.database);
    const early = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    const late = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    const toDelivered = [
      'paid',
      'confirmed',
      'processing',
      'packed',
      'shipped',
      'out_for_delivery',
      'delivered',
    ];
    await moveAlong(early.orderId, toDelivered);
    await moveAlong(late.orderId, toDelivered);

    clock.set('2031-03-16T06:00:00.000Z');
    expect((await move(early.orderId, 'returned')).statusCode).toBe(200);
    clock.set('2031-03-18T06:00:00.000Z');
    const refused = await move(late.orderId, 'returned');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RETURN_WINDOW_CLOSED);
    clock.set('2031-03-10T06:00:00.000Z');
  });
});
