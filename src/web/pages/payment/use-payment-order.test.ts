import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CodEligibility } from '../../../shared/api/payments';
import type { PaymentRequest } from '../../features/payment/payment-request';
import { TWO_HAMPERS } from '../../testing/checkout-fixtures';
import { renderHookWithQueries } from '../../testing/render-hook';
import { purchaseOf, usePaymentOrder } from './use-payment-order';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// As checkout hands it over: two hampers of ₹450, ₹50 shipping, midnight delivery on 23 November (₹199).
const checkedOut: PaymentRequest = {
  address: {
    fullName: 'Arjun Mehta',
    address: '12, MG Road',
    city: 'Bengaluru',
    postalCode: ' 560001 ',
    phone: '9876543210',
  },
  orderTotal: 1149,
  shippingFee: 50,
  shippingInfo: null,
  items: [TWO_HAMPERS],
  delivery: { date: '2026-11-23', slot: 'midnight', fee: 199 },
};

// The days on offer at 14:30 India time on Monday 23 November 2026: from tomorrow.
const afterCutoffDates = {
  today: '2026-11-23',
  type: 'next_day',
  days: '1 Day',
  dates: ['2026-11-24', '2026-11-25'].map((date) => ({
    date,
    slots: [
      { slot: 'standard', label: 'Standard delivery (9 AM - 9 PM)', fee: 0 },
      { slot: 'midnight', label: 'Midnight delivery (11 PM - 11:59 PM)', fee: 199 },
    ],
  })),
};

const codAnswer = (available: boolean): CodEligibility => ({
  offered: true,
  available,
  reason: available ? null : 'Cash on delivery is for orders up to ₹5,000',
  needsPhone: false,
  fee: 49,
  totalWithFee: 1198,
});

/** The network edge: the cash on delivery rule answers `cod`, the days are those after 2 PM. */
function servePayment(cod: CodEligibility) {
  const asked: { path: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://store.test').pathname;
      asked.push(init?.body ? { path, body: JSON.parse(String(init.body)) } : { path });
      return Response.json(path === '/api/payments/cod-eligibility' ? cod : afterCutoffDates);
    }),
  );
  return asked;
}

const orderOf = (request: PaymentRequest) =>
  renderHookWithQueries(usePaymentOrder, { checkedOut: request, verifiedPhone: '9876543210' });

// SPEC 5 and decision 0042: the order the payment page pays.
describe("the payment page's order", () => {
  it('pays what checkout handed over, online, and asks whether it may be paid on delivery', async () => {
    const asked = servePayment(codAnswer(true));
    const order = orderOf(checkedOut);
    expect(order.result.current).toMatchObject({
      request: { orderTotal: 1149, delivery: { date: '2026-11-23', slot: 'midnight', fee: 199 } },
      delivery: {
        pincode: '560001',
        refused: false,
        chosen: { date: '2026-11-23', slot: 'midnight', fee: 199 },
      },
      payOnDelivery: false,
      codFee: 0,
      total: 1149,
      shipping: 249,
    });
    await waitFor(() => expect(order.result.current.cod?.available).toBe(true));
    expect(asked).toEqual([
      {
        path: '/api/payments/cod-eligibility',
        body: {
          items: [{ productId: 21, quantity: 2, inStock: true, allowPreOrder: false, minQuantity: 1 }],
          pincode: '560001',
          delivery: { date: '2026-11-23', slot: 'midnight' },
        },
      },
    ]);
  });

  it("adds cash on delivery's fee only when chosen and the rule allows it", async () => {
    servePayment(codAnswer(true));
    const allowed = orderOf(checkedOut);
    await waitFor(() => expect(allowed.result.current.cod?.available).toBe(true));
    act(() => allowed.result.current.chooseMethod('cod'));
    expect(allowed.result.current).toMatchObject({ payOnDelivery: true, codFee: 49, total: 1198 });
    act(() => allowed.result.current.chooseMethod('online'));
    expect(allowed.result.current).toMatchObject({ payOnDelivery: false, codFee: 0, total: 1149 });
    cleanup();

    servePayment(codAnswer(false));
    const refused = orderOf(checkedOut);
    await waitFor(() => expect(refused.result.current.cod?.available).toBe(false));
    act(() => refused.result.current.chooseMethod('cod'));
    expect(refused.result.current).toMatchObject({ payOnDelivery: false, codFee: 0, total: 1149 });
  });

  it('offers the days again when the server refuses the day, and then carries the new choice and its total', async () => {
    const asked = servePayment(codAnswer(false));
    const order = orderOf(checkedOut);
    act(() => order.result.current.delivery.refuse());
    // No day until the shopper picks one of those offered now: the order goes without the midnight fee.
    expect(order.result.current.delivery.chosen).toBeNull();
    expect(order.result.current.request.delivery).toBeUndefined();
    expect(order.result.current.total).toBe(950);
    await waitFor(() => expect(order.result.current.delivery.dates.data?.dates).toHaveLength(2));
    expect(asked.map((call) => call.path)).toContain('/api/pincodes/delivery-dates/560001');

    act(() => order.result.current.delivery.choose({ date: '2026-11-24', slot: 'midnight' }));
    expect(order.result.current.request).toMatchObject({
      orderTotal: 1149,
      delivery: { date: '2026-11-24', slot: 'midnight', fee: 199 },
    });
    expect(order.result.current).toMatchObject({ total: 1149, shipping: 249 });
  });
});

// SPEC 1: the purchase GA4 is told of, in INR, as the order was placed.

describe("the payment page's purchase", () => {
  it('names each line, the order as the transaction, its delivery charges and the coupon', () => {
    const request = {
      items: [
        { id: 7, name: 'Chocolate Truffle Cake', category: 'Cakes', price: 849, quantity: 2 },
        { id: 9, name: 'Greeting Card', category: '', price: 99, quantity: 1 },
      ],
      couponCode: 'DIWALI',
    };
    expect(purchaseOf(request, { orderNumber: 'UG-1042', totalAmount: 1946 }, 248)).toEqual([
      [
        {
          item_id: '7',
          item_name: 'Chocolate Truffle Cake',
          item_category: 'Cakes',
          price: 849,
          quantity: 2,
        },
        { item_id: '9', item_name: 'Greeting Card', item_category: undefined, price: 99, quantity: 1 },
      ],
      { transaction_id: 'UG-1042', value: 1946, shipping: 248, coupon: 'DIWALI' },
    ]);
    expect(purchaseOf({ items: [] }, { orderNumber: 'UG-1043', totalAmount: 499 }, 0)[1]).toEqual({
      transaction_id: 'UG-1043',
      value: 499,
      shipping: 0,
    });
  });
});
