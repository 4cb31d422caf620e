import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../../shared/api/admin';
import type { AdminCoupon } from '../../../shared/api/coupons';
import type { DeliverySlotRecord } from '../../../shared/api/delivery-slots';
import type { OrderRecord } from '../../../shared/api/orders';
import type { CashOrderResponse } from '../../../shared/api/payments';
import { toPaise } from '../../../shared/money';
import { cartCharges, chargesTotalPaise } from '../../../shared/order-charges';
import { packingSlipOf } from '../../../shared/packing-slip';
import { codDesk } from '../../testing/cod-fixtures';
import {
  createTestProduct,
  orderBody,
  seedPincodes,
  TEST_ADDRESS,
  testCategory,
} from '../../testing/order-fixtures';
import { drawnText } from '../../testing/pdf-text';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { renderOrderDocumentsPdf } from './order-documents-pdf';

// Decisions 0072, 0073 and 0079: a gift with two add-ons (a card carrying the message and
// chocolates), a fixed-time slot, a coupon and cash on delivery add up to the paisa the same way
// in the browser (checkout and the payment page), on the server, on the invoice and on the slip.

// 10:00 India time on Monday 23 November 2026: today's 5 PM window is open (4 hours' cut-off).
const clock = createTestClock('2026-11-23T10:00:00+05:30');
const store = setUpTestStore({ clock, env: { BACKGROUND_JOBS: 'false' }, seed: seedPincodes, admin: true });
const desk = codDesk(store);

const admin = async <T>(url: string, payload: object, status = 201) => {
  const response = await store.app.inject({ method: 'POST', url, headers: store.admin.headers, payload });
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
};

describe('an order with add-ons, a fixed-time slot, a coupon and cash on delivery', () => {
  it('adds up the same on the payment page, the server, the invoice (a line and a rate each) and the slip, the card carrying the message', async () => {
    await desk.setCod();
    const buyer = await desk.shopperWithPhone();
    const roses = await createTestProduct(store.database, { name: 'Red Rose Bouquet', priceRupees: 449 });
    const extras = await testCategory(store.database, 'Little Extras');
    const addOn = async (fields: object) =>
      (
        await admin<{ product: AdminProduct }>('/api/admin/products', {
          categoryId: extras.id,
          stock: 10,
          addOnCategoryIds: [roses.categoryId],
          ...fields,
        })
      ).product;
    const card = await addOn({
      name: 'Greeting Card',
      price: 99,
      mrp: 99,
      hsnCode: '4909',
      gstRate: 5,
      addOnKind: 'greeting_card',
    });
    const chocolates = await addOn({
      name: 'Dark Chocolate Box',
      price: 249.5,
      mrp: 299,
      hsnCode: '1806',
      gstRate: 5,
      addOnKind: 'chocolates',
    });
    const { slot } = await admin<{ slot: DeliverySlotRecord }>('/api/admin/delivery-slots', {
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
    const { coupon } = await admin<{ coupon: AdminCoupon }>('/api/admin/coupons', {
      code: 'GIFT10',
      kind: 'percent',
      value: 10,
    });

    // What checkout and the payment page show: ₹797.50 of items less 10%, ₹50 shipping (under
    // ₹1,000), ₹149 for the fixed time and the ₹49 COD fee.
    const browser = cartCharges({
      lines: [
        { name: roses.name, price: 449, quantity: 1 },
        { name: card.name, price: card.price, quantity: 1 },
        { name: chocolates.name, price: chocolates.price, quantity: 1 },
      ],
      discount: 79.75,
      shippingFee: 50,
      slotFee: 149,
      slotName: 'Fixed time',
      codFee: 49,
    });
    expect(chargesTotalPaise(browser)).toBe(96_575);
    expect(browser.map((charge) => [charge.label, charge.paise])).toEqual([
      ['Red Rose Bouquet', 44_900],
      ['Greeting Card', 9_900],
      ['Dark Chocolate Box', 24_950],
      ['Discount', -7_975],
      ['Shipping', 5_000],
      ['Fixed time delivery', 14_900],
      ['Cash on delivery fee', 4_900],
    ]);

    const line = (product: AdminProduct) => ({
      product: {
        id: product.id,
        name: product.name,
        pricePaise: toPaise(product.price),
        categoryId: extras.id,
      },
      quantity: 1,
    });
    const placed = await store.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: buyer.headers,
      payload: {
        ...orderBody([{ product: roses, quantity: 1 }, line(card), line(chocolates)], {
          totalAmount: chargesTotalPaise(browser) / 100,
          couponCode: coupon.code,
          shippingAddress: { ...TEST_ADDRESS, phone: buyer.phone },
        }),
        delivery: { date: '2026-11-23', slot: 'timed', slotId: slot.id, windowStart: 17 * 60 },
        giftOptions: { message: 'Happy anniversary, Asha! Love, Ravi', hidePrices: false },
        paymentMethod: 'cod',
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId } = placed.json<CashOrderResponse>();
    const record = (
      await store.app.inject({ url: `/api/orders/${orderId}`, headers: buyer.headers })
    ).json<OrderRecord>();
    expect(record).toMatchObject({
      subtotal: 797.5,
      discount: 79.75,
      shippingCost: 248,
      totalAmount: 965.75,
    });
    expect(record.fees).toEqual([
      { kind: 'shipping', label: 'Shipping', amount: 50 },
      { kind: 'delivery_slot', label: 'Fixed time delivery', amount: 149 },
      { kind: 'cash_on_delivery', label: 'Cash on delivery fee', amount: 49 },
    ]);

    await store.database.db.transaction((tx) => store.app.invoices.issue(tx, orderId, clock.now()));
    const invoice = await store.app.invoices.forAdmin(orderId);
    // Each item less its share of the coupon, at its own HSN and rate; each fee its own SAC line.
    expect(invoice.lines.map((each) => [each.description, each.hsn, each.rate, each.total])).toEqual([
      ['Red Rose Bouquet', '9505', 18, 404.1],
      ['Greeting Card', '4909', 5, 89.1],
      ['Dark Chocolate Box', '1806', 5, 224.55],
      ['Shipping', '996812', 18, 50],
      ['Fixed time delivery', '996812', 18, 149],
      ['Cash on delivery fee', '996812', 18, 49],
    ]);
    expect(invoice.totals.total).toBe(965.75);

    const slip = packingSlipOf(record, 'Utsav Gifts');
    const slipPaise =
      slip.items.reduce((sum, item) => sum + toPaise(item.amount ?? 0), 0) -
      toPaise(slip.discount?.amount ?? 0) +
      slip.fees.reduce((sum, fee) => sum + toPaise(fee.amount), 0);
    expect([slipPaise, slip.total, slip.codToCollect]).toEqual([96_575, 965.75, 965.75]);
    expect(slip.items.map((item) => [item.name, item.cardMessage])).toEqual([
      ['Red Rose Bouquet', null],
      ['Greeting Card', 'Happy anniversary, Asha! Love, Ravi'],
      ['Dark Chocolate Box', null],
    ]);
    const printed = drawnText(await renderOrderDocumentsPdf([{ slip, invoice }]));
    for (const words of [
      'Happy anniversary, Asha! Love, Ravi',
      'Coupon GIFT10 -Rs. 79.75',
      'Shipping Rs. 50',
      'Fixed time delivery Rs. 149',
      'Cash on delivery fee Rs. 49',
      'Total Rs. 965.75',
    ])
      expect(printed).toContain(words);
  });
});
