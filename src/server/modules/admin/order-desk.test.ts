import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrderList } from '../../../shared/api/admin';
import type { CreateOrderResponse } from '../../../shared/api/payments';
import { moneyLedger, orders } from '../../db/schema';
import { paidLink, senderWithPhone } from '../../testing/gift-link-fixtures';
import {
  createTestProduct,
  orderBody,
  payOrder,
  placeOrder,
  seedPincodes,
  TEST_ADDRESS,
} from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0094: the order desk reads orders through the order_desk_rows view (migration 0056);
// each column of a listed row, the pages and a status change are held here to real orders.

// 11:30 India time on Monday 10 March 2031, before the same-day cut-off at 2 PM.
const MORNING = '2031-03-10T06:00:00.000Z';
const clock = createTestClock(MORNING);
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  admin: true,
});

const list = async (query: Record<string, string>) => {
  const response = await store.app.inject({ url: '/api/admin/orders', query, headers: store.admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminOrderList>();
};

describe("the order desk's list", () => {
  it('lists an order with its delivery name and phone, account e-mail, units, total, gift and slot fee', async () => {
    const hamper = await createTestProduct(store.database, { name: 'Dry Fruit Hamper', priceRupees: 1500 });
    const card = await createTestProduct(store.database, { name: 'Holi Card', priceRupees: 250 });
    const buyer = await store.newCustomer({ fullName: 'Meera Iyer' });
    const lines = [
      { product: hamper, quantity: 2 },
      { product: card, quantity: 1 },
    ];
    // ₹3,250 of items ships free (SPEC 9: from ₹1,000); the midnight slot adds ₹199.
    const created = await store.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: buyer.headers,
      payload: {
        ...orderBody(lines, {
          shippingAddress: { ...TEST_ADDRESS, fullName: 'Lakshmi Iyer', phone: '99000 11223' },
          totalAmount: 3449,
        }),
        delivery: { date: '2031-03-10', slot: 'midnight' },
        giftOptions: { message: 'Happy Holi, Lakshmi!', hidePrices: true },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const order = created.json<CreateOrderResponse>();
    await payOrder(store.app, buyer.headers, order);

    expect(await list({ q: order.orderNumber })).toEqual({
      data: [
        {
          id: order.orderId,
          orderNumber: order.orderNumber,
          status: 'paid',
          createdAt: MORNING,
          totalAmount: 3449,
          customerName: 'Lakshmi Iyer',
          customerEmail: buyer.user.email,
          phone: '9900011223',
          itemCount: 3,
          isGift: true,
          delivery: { date: '2031-03-10', slot: 'midnight', fee: 199 },
          isQuote: false,
          giftBatchId: null,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 25,
    });
  });

  it("names a gift still waiting for its recipient's address by its sender, with no phone or day yet", async () => {
    const sender = await senderWithPhone(store, 'Rohan Mehta');
    const product = await createTestProduct(store.database, { name: 'Brass Urli', priceRupees: 1200 });
    const { order } = await paidLink(store, sender, [{ product, quantity: 2 }], {
      allowedSlots: ['standard'],
    });

    const waiting = await list({ q: order.orderNumber, queue: 'waiting-for-recipient' });
    expect(waiting.data).toEqual([
      expect.objectContaining({
        id: order.orderId,
        status: 'paid',
        totalAmount: 2400,
        customerName: 'Rohan Mehta',
        customerEmail: sender.user.email,
        phone: '',
        itemCount: 2,
        delivery: null,
      }),
    ]);
    expect((await list({ q: order.orderNumber })).total).toBe(0);
  });

  it('pages newest first, 25 to a page, and counts every match', async () => {
    const product = await createTestProduct(store.database, { stock: 30 });
    const buyer = await store.newCustomer({ fullName: 'Anjali Deshpande' });
    const numbers: string[] = [];
    for (let minute = 0; minute < 26; minute += 1) {
      clock.set(new Date(Date.parse(MORNING) + minute * 60_000).toISOString());
      numbers.push((await placeOrder(store.app, buyer.headers, [{ product, quantity: 1 }])).orderNumber);
    }
    clock.set(MORNING);
    const newestFirst = numbers.toReversed();

    const first = await list({ q: buyer.user.email });
    expect(first.data.map((row) => row.orderNumber)).toEqual(newestFirst.slice(0, 25));
    expect(first.total).toBe(26);
    const second = await list({ q: buyer.user.email, page: '2' });
    expect(second.data.map((row) => row.orderNumber)).toEqual([newestFirst[25]]);
    expect(second).toMatchObject({ total: 26, page: 2 });
  });
});

describe("the order desk's status change", () => {
  it('records when a pending order is marked paid, and the money the owner took', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 1800 });
    const buyer = await store.newCustomer();
    const order = await placeOrder(store.app, buyer.headers, [{ product, quantity: 1 }]);
    clock.set('2031-03-10T09:15:00.000Z');
    try {
      const marked = await store.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.orderId}/status`,
        headers: store.admin.headers,
        payload: { status: 'paid', note: '', noteToCustomer: false },
      });
      expect(marked.statusCode, marked.body).toBe(200);
    } finally {
      clock.set(MORNING);
    }

    const [row] = await store.database.db
      .select({ status: orders.status, paidAt: orders.paidAt, updatedAt: orders.updatedAt })
      .from(orders)
      .where(eq(orders.id, order.orderId));
    const paidAt = new Date('2031-03-10T09:15:00.000Z');
    expect(row).toEqual({ status: 'paid', paidAt, updatedAt: paidAt });
    const ledger = await store.database.db
      .select({ kind: moneyLedger.kind, paise: moneyLedger.amountPaise, reason: moneyLedger.reason })
      .from(moneyLedger)
      .where(eq(moneyLedger.orderId, order.orderId));
    expect(ledger).toEqual([{ kind: 'captured', paise: 180_000, reason: 'marked_paid' }]);
  });
});
