import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminCoupon } from '../../../shared/api/coupons';
import type { OrderRecord } from '../../../shared/api/orders';
import type { CashOrderResponse } from '../../../shared/api/payments';
import { toPaise } from '../../../shared/money';
import { cartCharges, chargesTotalPaise } from '../../../shared/order-charges';
import { packingSlipOf } from '../../../shared/packing-slip';
import { products } from '../../db/schema';
import { codDesk } from '../../testing/cod-fixtures';
import { createTestProduct, orderBody, seedPincodes, TEST_ADDRESS } from '../../testing/order-fixtures';
import { drawnText } from '../../testing/pdf-text';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { renderOrderDocumentsPdf } from './order-documents-pdf';

// Decision 0072: one order with every kind of charge adds up to the paisa the same way in the
// browser (checkout and the payment page), on the server, on the invoice and on the packing slip.

// 11:00 India time on Monday 23 November 2026: the midnight slot is still open for tonight.
const clock = createTestClock('2026-11-23T11:00:00+05:30');
const store = setUpTestStore({ clock, env: { BACKGROUND_JOBS: 'false' }, seed: seedPincodes, admin: true });
const desk = codDesk(store);

describe("an order's charges", () => {
  it('add up the same on the payment page, the server, the invoice (a line and a rate each) and the slip', async () => {
    await desk.setCod();
    const buyer = await desk.shopperWithPhone();
    const roses = await createTestProduct(store.database, { name: 'Red Rose Bouquet', priceRupees: 449 });
    const chocolates = await createTestProduct(store.database, {
      name: 'Dark Chocolate Box',
      priceRupees: 249.5,
    });
    const card = await createTestProduct(store.database, { name: 'Greeting Card', priceRupees: 99 });
    // Chocolates are taxed at 5% under their own HSN; the rest at their category's 18%.
    await store.database.db
      .update(products)
      .set({ hsnCode: '1806', gstRateBp: 500 })
      .where(eq(products.id, chocolates.id));
    const made = await store.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: store.admin.headers,
      payload: { code: 'GIFT10', kind: 'percent', value: 10 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const coupon = made.json<{ coupon: AdminCoupon }>().coupon;
    const lines = [roses, chocolates, card].map((product) => ({ product, quantity: 1 }));

    // What checkout and the payment page show: ₹797.50 of items less 10%, ₹50 shipping (under
    // ₹1,000), ₹199 for midnight and the ₹49 COD fee.
    const browser = cartCharges({
      lines: [roses, chocolates, card].map((product) => ({
        name: product.name,
        price: product.pricePaise / 100,
        quantity: 1,
      })),
      discount: 79.75,
      shippingFee: 50,
      slotFee: 199,
      codFee: 49,
    });
    expect(chargesTotalPaise(browser)).toBe(1_01_575);

    const placed = await store.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: buyer.headers,
      payload: {
        ...orderBody(lines, {
          totalAmount: chargesTotalPaise(browser) / 100,
          couponCode: coupon.code,
          shippingAddress: { ...TEST_ADDRESS, phone: buyer.phone },
        }),
        delivery: { date: '2026-11-23', slot: 'midnight' },
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
      shippingCost: 298,
      totalAmount: 1015.75,
    });
    expect(record.fees).toEqual([
      { kind: 'shipping', label: 'Shipping', amount: 50 },
      { kind: 'delivery_slot', label: 'Midnight delivery', amount: 199 },
      { kind: 'cash_on_delivery', label: 'Cash on delivery fee', amount: 49 },
    ]);

    await store.database.db.transaction((tx) => store.app.invoices.issue(tx, orderId, clock.now()));
    const invoice = await store.app.invoices.forAdmin(orderId);
    expect(invoice.lines.map((line) => [line.description, line.hsn, line.rate, line.total])).toEqual([
      ['Red Rose Bouquet', '9505', 18, 404.1],
      ['Dark Chocolate Box', '1806', 5, 224.55],
      ['Greeting Card', '9505', 18, 89.1],
      ['Shipping', '996812', 18, 50],
      ['Midnight delivery', '996812', 18, 199],
      ['Cash on delivery fee', '996812', 18, 49],
    ]);
    expect(invoice.totals.total).toBe(1015.75);
    // The tax in each line, worked by hand (CGST rule 46: taxable value and tax shown a line each;
    // prices include GST): taxable = gross × 100 / (100 + rate) to the paisa, the tax the rest,
    // split into CGST and SGST (Bengaluru is the store's State) with the odd paisa to SGST.
    // Roses 40,410 / 1.18 = 34,245.76: 34,246 and 6,164 of tax. Chocolates 22,455 / 1.05 =
    // 21,385.71: 21,386 and 1,069. Card 8,910 / 1.18 = 7,550.85: 7,551 and 1,359. Shipping 5,000
    // / 1.18 = 4,237.29: 4,237 and 763. Midnight 19,900 / 1.18 = 16,864.41: 16,864 and 3,036. COD
    // fee 4,900 / 1.18 = 4,152.54: 4,153 and 747.
    expect(
      invoice.lines.map((line) => [line.description, line.taxableValue, line.cgst, line.sgst, line.igst]),
    ).toEqual([
      ['Red Rose Bouquet', 342.46, 30.82, 30.82, 0],
      ['Dark Chocolate Box', 213.86, 5.34, 5.35, 0],
      ['Greeting Card', 75.51, 6.79, 6.8, 0],
      ['Shipping', 42.37, 3.81, 3.82, 0],
      ['Midnight delivery', 168.64, 15.18, 15.18, 0],
      ['Cash on delivery fee', 41.53, 3.73, 3.74, 0],
    ]);
    expect(invoice.totals).toEqual({
      taxableValue: 884.37,
      cgst: 65.67,
      sgst: 65.71,
      igst: 0,
      total: 1015.75,
    });

    const slip = packingSlipOf(record, 'Utsav Gifts');
    const slipPaise =
      slip.items.reduce((sum, item) => sum + toPaise(item.amount ?? 0), 0) -
      toPaise(slip.discount?.amount ?? 0) +
      slip.fees.reduce((sum, fee) => sum + toPaise(fee.amount), 0);
    expect([slipPaise, slip.total, slip.codToCollect]).toEqual([1_01_575, 1015.75, 1015.75]);
    const printed = drawnText(await renderOrderDocumentsPdf([{ slip, invoice }]));
    for (const words of [
      'Coupon GIFT10 -Rs. 79.75',
      'Shipping Rs. 50',
      'Midnight delivery Rs. 199',
      'Cash on delivery fee Rs. 49',
      'Total Rs. 1,015.75',
    ])
      expect(printed).toContain(words);
  });
});
