import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../shared/api/admin';
import type { BulkStatusResponse } from '../../../shared/api/admin-bulk';
import { MAX_BULK_ORDERS } from '../../../shared/bulk-orders';
import { mailOutbox } from '../../db/schema';
import { moveOrderAlong } from '../../testing/admin-fixtures';
import { createTestProduct, payOrder, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Bulk work: many orders moved forward, or printed, in one action.

const clock = createTestClock('2031-11-20T06:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  admin: true,
  customer: { fullName: 'Meera Iyer' },
});

async function newOrder({ paid }: { paid: boolean }) {
  const product = await createTestProduct(store.database, { priceRupees: 1200, stock: 10 });
  const created = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
  if (paid) await payOrder(store.app, store.customer.headers, created);
  return created;
}

const bulkStatus = (payload: Record<string, unknown>) =>
  store.app.inject({
    method: 'POST',
    url: '/api/admin/orders/bulk/status',
    headers: store.admin.headers,
    payload,
  });
const detailOf = async (orderId: string) =>
  (
    await store.app.inject({ url: `/api/admin/orders/${orderId}`, headers: store.admin.headers })
  ).json<AdminOrderDetail>();
const mailsTo = async (orderNumber: string) =>
  (
    await store.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, store.customer.user.email))
  )
    .map((mail) => mail.subject)
    .filter((subject) => subject.startsWith(`Order ${orderNumber}:`));

describe('POST /api/admin/orders/bulk/status', () => {
  it('sends one mail when the new status matters to the customer, whatever the steps passed', async () => {
    const order = await newOrder({ paid: true });
    const response = await bulkStatus({ orderIds: [order.orderId], status: 'shipped' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BulkStatusResponse>()).toMatchObject({ moved: 1, refused: 0 });
    expect(await mailsTo(order.orderNumber)).toEqual([`Order ${order.orderNumber}: Shipped`]);
  });

  it('moves each paid order to Packed step by step, and says why each other order did not move', async () => {
    const [first, second, unpaid, packed] = [
      await newOrder({ paid: true }),
      await newOrder({ paid: true }),
      await newOrder({ paid: false }),
      await newOrder({ paid: true }),
    ];
    await moveOrderAlong(store.app, store.admin.headers, packed.orderId, [
      'confirmed',
      'processing',
      'packed',
    ]);
    const unknown = randomUUID();

    const response = await bulkStatus({
      orderIds: [first.orderId, unpaid.orderId, second.orderId, packed.orderId, unknown, 'not-an-order'],
      status: 'packed',
      note: 'Packed in the morning batch',
      noteToCustomer: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<BulkStatusResponse>();
    expect(body).toMatchObject({ status: 'packed', moved: 2, refused: 4 });
    expect(body.results).toEqual([
      { orderId: first.orderId, orderNumber: first.orderNumber, from: 'paid', moved: true, message: '' },
      {
        orderId: unpaid.orderId,
        orderNumber: unpaid.orderNumber,
        from: 'pending',
        moved: false,
        message: 'An order that is Payment Pending cannot move forward to Packed',
      },
      { orderId: second.orderId, orderNumber: second.orderNumber, from: 'paid', moved: true, message: '' },
      {
        orderId: packed.orderId,
        orderNumber: packed.orderNumber,
        from: 'packed',
        moved: false,
        message: 'Already Packed',
      },
      { orderId: unknown, orderNumber: '', from: '', moved: false, message: 'Order not found' },
      { orderId: 'not-an-order', orderNumber: '', from: '', moved: false, message: 'Order not found' },
    ]);

    const moved = await detailOf(first.orderId);
    expect(moved.order.status).toBe('packed');
    expect(moved.order.events.map((event) => event.status)).toEqual([
      'pending',
      'paid',
      'confirmed',
      'processing',
      'packed',
    ]);
    expect(moved.order.events.at(-1)?.note).toBe('Packed in the morning batch');
    // No status mail at all: nothing per step passed through, and Packed is not one of the few
    // that matter to the customer (notifications' statusMailDue). The payment's own mail has
    // another subject.
    expect(await mailsTo(first.orderNumber)).toEqual([]);
    expect((await detailOf(unpaid.orderId)).order.status).toBe('pending');
    expect(await mailsTo(unpaid.orderNumber)).toEqual([]);
  });

  it('moves every order the list filter matches', async () => {
    const customer = await store.newCustomer({ fullName: 'Kavya Raghunathan' });
    const product = await createTestProduct(store.database, { priceRupees: 1500, stock: 10 });
    const created = await placeOrder(store.app, customer.headers, [{ product, quantity: 1 }]);
    await payOrder(store.app, customer.headers, created);

    const response = await bulkStatus({ filter: { q: 'raghunathan', status: 'paid' }, status: 'confirmed' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BulkStatusResponse>().results).toEqual([
      { orderId: created.orderId, orderNumber: created.orderNumber, from: 'paid', moved: true, message: '' },
    ]);
    const none = await bulkStatus({ filter: { q: 'raghunathan', status: 'paid' }, status: 'confirmed' });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ message: string }>().message).toBe('No orders match this filter');
  });

  it(`refuses more than ${MAX_BULK_ORDERS} orders, a repeated order, a status off the fulfilment line and a double selection`, async () => {
    const order = await newOrder({ paid: true });
    const tooMany = Array.from({ length: MAX_BULK_ORDERS + 1 }, () => randomUUID());
    const cases = [
      { orderIds: tooMany, status: 'packed' },
      { orderIds: [order.orderId, order.orderId], status: 'packed' },
      { orderIds: [order.orderId], status: 'cancelled' },
      { orderIds: [order.orderId], filter: { status: 'paid' }, status: 'packed' },
      { orderIds: [], status: 'packed' },
    ];
    for (const payload of cases) {
      const response = await bulkStatus(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    expect((await bulkStatus(cases[0]!)).body).toContain(
      `At most ${MAX_BULK_ORDERS} orders can change status at once`,
    );
    expect((await detailOf(order.orderId)).order.status).toBe('paid');
  });
});
