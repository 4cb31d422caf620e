import { describe, expect, it } from 'vitest';
import type { AdminCategory } from '../../../shared/api/admin';
import type { AdminCoupon } from '../../../shared/api/coupons';
import { INVOICE_MESSAGES, type Invoice } from '../../../shared/api/invoices';
import type { OrderRecord } from '../../../shared/api/orders';
import type { CreateOrderResponse } from '../../../shared/api/payments';
import { toPaise } from '../../../shared/money';
import { moveOrderAlong } from '../../testing/admin-fixtures';
import {
  createTestProduct,
  payOrder,
  placeOrder,
  seedPincodes,
  TEST_ADDRESS,
  testCategory,
} from '../../testing/order-fixtures';
import { createTestApp, createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// 2032-03-31 15:30 in India: the last day of financial year 2031-32.
const clock = createTestClock('2032-03-31T10:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  admin: true,
  customer: { fullName: 'Asha Rao' },
});

const DELHI = {
  ...TEST_ADDRESS,
  fullName: 'Rohan Mehta',
  address: '5 Janpath',
  city: 'New Delhi',
  postalCode: '110001',
};

async function categoryTaxed(name: string, hsnCode: string, gstRate: number) {
  const { id } = await testCategory(store.database, name);
  const response = await store.app.inject({
    method: 'PATCH',
    url: `/api/admin/categories/${id}`,
    headers: store.admin.headers,
    payload: { hsnCode, gstRate },
  });
  expect(response.json<{ category: AdminCategory }>().category).toMatchObject({ hsnCode, gstRate });
  return name;
}

const pay = (created: CreateOrderResponse) => payOrder(store.app, store.customer.headers, created);

const invoiceOf = async (orderId: string, headers = store.customer.headers) =>
  (await store.app.inject({ url: `/api/orders/${orderId}/invoice`, headers })).json<Invoice>();

/** Every line's taxable value and tax, and the totals, add up to what was paid, to the paisa. */
function expectAddsUp(invoice: Invoice, paidRupees: number) {
  const paise = (rupees: number) => toPaise(rupees);
  for (const line of invoice.lines) {
    expect(paise(line.taxableValue) + paise(line.cgst) + paise(line.sgst) + paise(line.igst)).toBe(
      paise(line.total),
    );
  }
  const { totals } = invoice;
  expect(paise(totals.total)).toBe(paise(paidRupees));
  expect(paise(totals.taxableValue) + paise(totals.cgst) + paise(totals.sgst) + paise(totals.igst)).toBe(
    paise(paidRupees),
  );
  expect(invoice.lines.reduce((sum, line) => sum + paise(line.total), 0)).toBe(paise(paidRupees));
}

describe('GST tax invoices', () => {
  it('charges CGST and SGST within Karnataka, per line at each category’s rate, adding up to the total', async () => {
    const rakhi = await categoryTaxed('Rakhi Threads', '5609', 5);
    const brass = await categoryTaxed('Brass Decor', '7418', 12);
    const hamper = await categoryTaxed('Gourmet Hampers', '2106', 18);
    const lines = [
      {
        product: await createTestProduct(store.database, { priceRupees: 249.99, category: rakhi }),
        quantity: 3,
      },
      {
        product: await createTestProduct(store.database, { priceRupees: 333.33, category: brass }),
        quantity: 1,
      },
      {
        product: await createTestProduct(store.database, { priceRupees: 99.5, category: hamper }),
        quantity: 1,
      },
    ];
    // ₹1,182.80 of items: free shipping.
    const created = await placeOrder(store.app, store.customer.headers, lines);
    await pay(created);

    const invoice = await invoiceOf(created.orderId);
    expect(invoice).toMatchObject({
      number: 'UG/31-32/000001',
      orderNumber: created.orderNumber,
      seller: { legalName: 'Utsav Gifts Private Limited', gstin: '29ABCDE1234F1ZW', stateCode: '29' },
      buyer: { name: 'Asha Rao', email: store.customer.user.email },
      placeOfSupply: { state: 'Karnataka', stateCode: '29' },
      intraState: true,
    });
    expect(invoice.lines.map((line) => [line.hsn, line.rate, line.quantity])).toEqual([
      ['5609', 5, 3],
      ['7418', 12, 1],
      ['2106', 18, 1],
    ]);
    // ₹749.97 at 5%: ₹714.26 taxable, ₹35.71 of tax split ₹17.85 + ₹17.86.
    expect(invoice.lines[0]).toMatchObject({
      taxableValue: 714.26,
      cgst: 17.85,
      sgst: 17.86,
      igst: 0,
      total: 749.97,
    });
    expect(invoice.totals.igst).toBe(0);
    expectAddsUp(invoice, created.totalAmount);
    const order = (
      await store.app.inject({ url: `/api/orders/${created.orderId}`, headers: store.customer.headers })
    ).json<OrderRecord>();
    expect(order.invoiceNumber).toBe('UG/31-32/000001');

    // Decision 0059: re-rating the category to today's slab changes no invoice already issued.
    await categoryTaxed('Brass Decor', '7418', 5);
    expect((await invoiceOf(created.orderId)).lines[1]).toMatchObject({
      hsn: '7418',
      rate: 12,
      total: 333.33,
    });
  });

  it('charges IGST to Delhi, with a coupon and shipping, still adding up to the paisa', async () => {
    const candles = await categoryTaxed('Scented Candles', '3406', 12);
    const coins = await categoryTaxed('Silver Coins', '7106', 3);
    const coupon = (
      await store.app.inject({
        method: 'POST',
        url: '/api/admin/coupons',
        headers: store.admin.headers,
        payload: { code: 'HOLI77', kind: 'flat', value: 77.77 },
      })
    ).json<{ coupon: AdminCoupon }>().coupon;
    const lines = [
      {
        product: await createTestProduct(store.database, { priceRupees: 555.55, category: candles }),
        quantity: 1,
      },
      {
        product: await createTestProduct(store.database, { priceRupees: 199, category: coins }),
        quantity: 2,
      },
    ];
    // ₹953.55 of items (₹50 shipping below ₹1,000) less ₹77.77: ₹925.78.
    const response = await store.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: store.customer.headers,
      payload: {
        items: lines.map((line) => ({ productId: line.product.id, quantity: line.quantity, inStock: true })),
        totalAmount: 925.78,
        shippingAddress: DELHI,
        couponCode: coupon.code,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json<CreateOrderResponse>();
    await pay(created);

    const invoice = await invoiceOf(created.orderId);
    expect(invoice).toMatchObject({
      number: 'UG/31-32/000002',
      placeOfSupply: { state: 'Delhi', stateCode: '07' },
      intraState: false,
      couponCode: 'HOLI77',
    });
    expect(
      invoice.lines.map((line) => [line.description.startsWith('Shipping'), line.hsn, line.rate]),
    ).toEqual([
      [false, '3406', 12],
      [false, '7106', 3],
      [true, '996812', 18],
    ]);
    expect(invoice.totals.cgst + invoice.totals.sgst).toBe(0);
    expectAddsUp(invoice, 925.78);
  });

  it('numbers invoices in sequence within a financial year and starts again on 1 April, India time', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 1200 });
    const march = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    await pay(march);
    // 00:10 on 1 April 2032 in India.
    clock.set('2032-03-31T18:40:00.000Z');
    const april = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    await moveOrderAlong(store.app, store.admin.headers, april.orderId, ['paid']);

    expect((await invoiceOf(march.orderId)).number).toBe('UG/31-32/000003');
    expect((await invoiceOf(april.orderId)).number).toBe('UG/32-33/000001');
  });

  it('serves the PDF to its customer and the owner, and to nobody else', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 1500 });
    const created = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    const unpaid = await store.app.inject({
      url: `/api/orders/${created.orderId}/invoice.pdf`,
      headers: store.customer.headers,
    });
    expect(unpaid.statusCode).toBe(404);
    expect(unpaid.json().message).toBe(INVOICE_MESSAGES.notIssued);
    await pay(created);
    const number = (await invoiceOf(created.orderId)).number;

    const pdf = await store.app.inject({
      url: `/api/orders/${created.orderId}/invoice.pdf`,
      headers: store.customer.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${number.replaceAll('/', '-')}.pdf"`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain(`Tax Invoice ${number}`);

    const owner = await store.app.inject({
      url: `/api/admin/orders/${created.orderId}/invoice.pdf`,
      headers: store.admin.headers,
    });
    expect(owner.statusCode).toBe(200);
    const stranger = await store.newCustomer();
    const refused = await store.app.inject({
      url: `/api/orders/${created.orderId}/invoice.pdf`,
      headers: stranger.headers,
    });
    expect(refused.statusCode).toBe(404);
  });

  it('serves the stored PDF byte for byte on a later download, even after the store details change', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 900 });
    const created = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    await pay(created);
    const url = `/api/orders/${created.orderId}/invoice.pdf`;
    const first = await store.app.inject({ url, headers: store.customer.headers });
    expect(first.statusCode).toBe(200);

    // Another instance, a day later, with the store renamed and moved: same bytes, the legal
    // document as first issued (a fresh render would differ, if only in its creation date).
    const renamed = await createTestApp(store.database, {
      clock: createTestClock('2032-04-01T10:00:00.000Z'),
      env: {
        BACKGROUND_JOBS: 'false',
        STORE_LEGAL_NAME: 'Utsav Renamed Private Limited',
        STORE_ADDRESS: '1 Sayyaji Rao Road, Mysuru, Karnataka 570001',
      },
    });
    try {
      const again = await renamed.inject({ url, headers: store.customer.headers });
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      const owner = await renamed.inject({
        url: `/api/admin/orders/${created.orderId}/invoice.pdf`,
        headers: store.admin.headers,
      });
      expect(owner.rawPayload.equals(first.rawPayload)).toBe(true);
    } finally {
      await renamed.close();
    }
  });
});
