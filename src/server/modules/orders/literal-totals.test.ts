import { describe, expect, it } from 'vitest';
import type { AdminCoupon } from '../../../shared/api/coupons';
import type { DeliverySlotRecord } from '../../../shared/api/delivery-slots';
import type { PlaceOrderResponse } from '../../../shared/api/payments';
import { codDesk } from '../../testing/cod-fixtures';
import {
  createTestProduct,
  orderBody,
  seedPincodes,
  TEST_ADDRESS,
  type TestProduct,
} from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Order totals written out in paise, each worked by hand from the rules (SPEC 9: free shipping
// from ₹1,000 of items, else ₹50; decision 0010: a coupon discounts the items, never shipping,
// shipping follows the value before the discount, a percent discount rounds down to the paisa;
// the midnight slot's ₹199, a fixed-time slot's own fee and the ₹49 COD fee). The server's
// create-order answer must agree, and the total sent is the literal, never built with
// quoteShippingPaise or the order-charges module under test.

// 11:00 India time on Monday 23 November 2026: tonight's midnight slot and the 5 PM window are open.
const clock = createTestClock('2026-11-23T11:00:00+05:30');
const store = setUpTestStore({ clock, env: { BACKGROUND_JOBS: 'false' }, seed: seedPincodes, admin: true });
const desk = codDesk(store);

const adminPost = async <T>(url: string, payload: object) => {
  const response = await store.app.inject({ method: 'POST', url, headers: store.admin.headers, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<T>();
};

const coupon = async (code: string, kind: 'percent' | 'flat', value: number) =>
  (await adminPost<{ coupon: AdminCoupon }>('/api/admin/coupons', { code, kind, value })).coupon.code;

type Case = {
  lines: { product: TestProduct; quantity: number }[];
  totalPaise: number;
  couponCode?: string;
  delivery?: object;
  paymentMethod?: 'online' | 'cod';
};

async function placed(buyer: Awaited<ReturnType<typeof desk.shopperWithPhone>>, order: Case) {
  const response = await store.app.inject({
    method: 'POST',
    url: '/api/payments/create-order',
    headers: buyer.headers,
    payload: {
      ...orderBody(order.lines, {
        totalAmount: order.totalPaise / 100,
        shippingAddress: { ...TEST_ADDRESS, phone: buyer.phone },
        ...(order.couponCode ? { couponCode: order.couponCode } : {}),
      }),
      ...(order.delivery ? { delivery: order.delivery } : {}),
      ...(order.paymentMethod ? { paymentMethod: order.paymentMethod } : {}),
    },
  });
  return response;
}

describe('literal order totals through create-order', () => {
  it('prices items, shipping, coupons, slots and the COD fee to the paisa', async () => {
    await desk.setCod();
    const buyer = await desk.shopperWithPhone();
    const product = (priceRupees: number) => createTestProduct(store.database, { priceRupees, stock: 20 });
    const [at449, at333, at500, at1199, at449half] = [
      await product(449),
      await product(333.33),
      await product(500),
      await product(1199),
      await product(449.5),
    ];
    const { slot } = await adminPost<{ slot: DeliverySlotRecord }>('/api/admin/delivery-slots', {
      name: 'Fixed time',
      startMinute: 9 * 60,
      endMinute: 21 * 60,
      windowMinutes: 120,
      fee: 149,
      cutoffMinutes: 4 * 60,
      zones: ['same_day'],
      pincodes: [],
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      active: true,
    });

    const cases: [string, Case, number][] = [
      // 44,900 of items + 5,000 shipping.
      ['one item under ₹1,000', { lines: [{ product: at449, quantity: 1 }], totalPaise: 49_900 }, 499],
      // 3 × 33,333 = 99,999, a paisa under the threshold: + 5,000.
      [
        'a paisa under free shipping',
        { lines: [{ product: at333, quantity: 3 }], totalPaise: 1_04_999 },
        1049.99,
      ],
      // 2 × 50,000 = 1,00,000 ships free; 10% off is 10,000; shipping stays free after it.
      [
        'free shipping kept under a 10% coupon',
        {
          lines: [{ product: at500, quantity: 2 }],
          totalPaise: 90_000,
          couponCode: await coupon('TEN10', 'percent', 10),
        },
        900,
      ],
      // 15% of 33,333 is 4,999.95, rounded down to 4,999: 33,333 − 4,999 + 5,000 shipping.
      [
        'a percent discount rounded down to the paisa',
        {
          lines: [{ product: at333, quantity: 1 }],
          totalPaise: 33_334,
          couponCode: await coupon('FIFTEEN', 'percent', 15),
        },
        333.34,
      ],
      // 1,19,900 − 15,000 flat + 0 shipping (₹1,199 before the discount) + 19,900 midnight + 4,900 COD.
      [
        'a flat coupon, the midnight slot and cash on delivery',
        {
          lines: [{ product: at1199, quantity: 1 }],
          totalPaise: 1_29_700,
          couponCode: await coupon('FLAT150', 'flat', 150),
          delivery: { date: '2026-11-23', slot: 'midnight' },
          paymentMethod: 'cod',
        },
        1297,
      ],
      // 2 × 44,950 = 89,900 + 5,000 shipping + 14,900 for the 5 PM window.
      [
        'a fixed-time slot under ₹1,000',
        {
          lines: [{ product: at449half, quantity: 2 }],
          totalPaise: 1_09_800,
          delivery: { date: '2026-11-23', slot: 'timed', slotId: slot.id, windowStart: 17 * 60 },
        },
        1098,
      ],
    ];

    for (const [name, order, rupees] of cases) {
      const response = await placed(buyer, order);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      expect(response.json<PlaceOrderResponse>().totalAmount, name).toBe(rupees);
    }
  });

  it('refuses a total one paisa above or below the literal one, changing nothing', async () => {
    const buyer = await desk.shopperWithPhone();
    const item = await createTestProduct(store.database, { priceRupees: 449, stock: 1 });
    for (const totalPaise of [49_899, 49_901]) {
      const response = await placed(buyer, { lines: [{ product: item, quantity: 1 }], totalPaise });
      expect(response.statusCode, response.body).toBe(409);
    }
    // The one unit is still there for the right total.
    const right = await placed(buyer, { lines: [{ product: item, quantity: 1 }], totalPaise: 49_900 });
    expect(right.statusCode, right.body).toBe(200);
  });
});
