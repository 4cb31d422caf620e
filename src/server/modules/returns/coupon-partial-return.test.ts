import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminCoupon } from '../../../shared/api/coupons';
import type { Invoice } from '../../../shared/api/invoices';
import type { ReturnRecord } from '../../../shared/api/returns';
import { creditNotes, payments } from '../../db/schema';
import { approveAndReceive, moveOrderAlong, STEPS_TO_DELIVERED } from '../../testing/admin-fixtures';
import { createTestProduct, payOrder, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// A coupon order returned in two parts, every amount worked by hand and written out in paise:
// decision 0010 (a percent discount rounds down to the paisa and is split over the lines by
// largest remainder), decision 0013 (a unit's refund is its share of what its line cost after
// the coupon, the units of a line adding up to it exactly; shipping is not refunded) and CGST
// s.34 (each refund's credit note credits the lines returned).
//
// 3 × ₹349.99 = 1,04,997 and 1 × ₹249.50 = 24,950: 1,29,947 of items, shipping free.
// 10% off: 12,994.7 rounded down to 12,994. Split: 12,994 × 1,04,997 / 1,29,947 = 10,499.13 and
// 12,994 × 24,950 / 1,29,947 = 2,494.87; 10,499 + 2,494 leave one paisa, which goes to the larger
// remainder: 10,499 and 2,495. The lines cost 94,498 and 22,455; the order 1,16,953 (₹1,169.53).
// Two of the three units: floor(94,498 × 2 / 3) = 62,998. The third: 94,498 − 62,998 = 31,500.

const clock = createTestClock('2031-12-01T06:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  admin: true,
  customer: { fullName: 'Meera Iyer' },
});

const requestReturn = async (orderId: string, items: { productId: number; quantity: number }[]) => {
  const response = await store.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/returns`,
    headers: store.customer.headers,
    payload: { items, reason: 'Bought too many for the party' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ return: ReturnRecord }>().return;
};

describe('a partial return of a coupon order', () => {
  it('refunds and credits each part to the paisa, adding up to what was paid', async () => {
    const lamp = await createTestProduct(store.database, { priceRupees: 349.99, stock: 10 });
    const candle = await createTestProduct(store.database, { priceRupees: 249.5, stock: 10 });
    const made = await store.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: store.admin.headers,
      payload: { code: 'DIWALI10', kind: 'percent', value: 10 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { code } = made.json<{ coupon: AdminCoupon }>().coupon;

    const created = await placeOrder(
      store.app,
      store.customer.headers,
      [
        { product: lamp, quantity: 3 },
        { product: candle, quantity: 1 },
      ],
      { couponCode: code, totalAmount: 1169.53 },
    );
    expect(created.totalAmount).toBe(1169.53);
    await payOrder(store.app, store.customer.headers, created);
    await moveOrderAlong(store.app, store.admin.headers, created.orderId, STEPS_TO_DELIVERED.slice(1));

    const first = await requestReturn(created.orderId, [{ productId: lamp.id, quantity: 2 }]);
    expect(first).toMatchObject({
      refundAmount: 629.98,
      items: [{ name: lamp.name, quantity: 2, amount: 629.98 }],
    });
    const firstDone = await approveAndReceive(store.app, store.admin.headers, first.id);
    expect(firstDone.statusCode, firstDone.body).toBe(200);

    const second = await requestReturn(created.orderId, [
      { productId: lamp.id, quantity: 1 },
      { productId: candle.id, quantity: 1 },
    ]);
    expect(second).toMatchObject({
      refundAmount: 539.55,
      items: [
        { name: lamp.name, quantity: 1, amount: 315 },
        { name: candle.name, quantity: 1, amount: 224.55 },
      ],
    });
    const secondDone = await approveAndReceive(store.app, store.admin.headers, second.id);
    expect(secondDone.statusCode, secondDone.body).toBe(200);

    const [payment] = await store.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, created.orderId));
    expect(payment).toMatchObject({ amountPaise: 1_16_953, refundedPaise: 1_16_953 });

    const notes = await store.database.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.orderId, created.orderId))
      .orderBy(asc(creditNotes.id));
    expect(
      notes.map((note) => {
        const data = note.data as Invoice;
        return [data.totals.total, data.lines.map((line) => [line.description, line.quantity, line.total])];
      }),
    ).toEqual([
      [629.98, [[lamp.name, 3, 629.98]]],
      [
        539.55,
        [
          [lamp.name, 3, 315],
          [candle.name, 1, 224.55],
        ],
      ],
    ]);
  });
});
