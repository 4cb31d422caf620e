import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SalesReport } from '../../../shared/api/admin-reports';
import { products } from '../../db/schema';
import { codDesk } from '../../testing/cod-fixtures';
import { createTestProduct, payOrder, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0076: the owner's reports over India-time days, each figure from orders made here with
// known prices: a ₹400 diya (Diyas) and a ₹250 potli bag (Return Gifts); ₹50 shipping under
// ₹1,000 and a ₹49 COD fee.
const clock = createTestClock('2031-10-06T04:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false', ORDERS_PER_DAY: '100', COD_REMITTANCE_DAYS: '7' },
  seed: seedPincodes,
  admin: true,
  customer: true,
});
const desk = codDesk(store);

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  store.app.inject({ method, url, headers: store.admin.headers, ...(payload ? { payload } : {}) });

const reportOf = async (report: string, from: string, to: string) => {
  const response = await admin('GET', `/api/admin/reports/${report}?from=${from}&to=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  const { rows, totals } = response.json<SalesReport>();
  return { rows, totals };
};

/** A COD order of one diya (₹400 + ₹50 shipping + ₹49 fee = ₹499), delivered on 8 October. */
async function deliveredCod(diya: Awaited<ReturnType<typeof createTestProduct>>) {
  const buyer = await desk.shopperWithPhone({ fullName: 'Joseph Khan' });
  return desk.deliveredCod(buyer, [{ product: diya, quantity: 1 }], '2031-10-08 10:00:00');
}

describe('reports over India-time days', () => {
  it('adds up sales by day, product and category, refunds and COD cash, each with its CSV', async () => {
    await desk.setCod();
    const diya = await createTestProduct(store.database, {
      name: 'Brass Diya',
      priceRupees: 400,
      stock: 20,
      category: 'Diyas',
    });
    await store.database.db.update(products).set({ sku: 'DIYA-BR-01' }).where(eq(products.id, diya.id));
    const potli = await createTestProduct(store.database, {
      name: 'Potli Bag',
      priceRupees: 250,
      stock: 20,
      category: 'Return Gifts',
    });

    // 6 Oct, 09:30 India time: two diyas and a potli, ₹1,050 with free shipping.
    const first = await placeOrder(store.app, store.customer.headers, [
      { product: diya, quantity: 2 },
      { product: potli, quantity: 1 },
    ]);
    await payOrder(store.app, store.customer.headers, first);
    // 6 Oct 19:00 UTC is 7 Oct 00:30 in India: a potli, ₹250 and ₹50 shipping.
    clock.set(new Date('2031-10-06T19:00:00.000Z'));
    const second = await placeOrder(store.app, store.customer.headers, [{ product: potli, quantity: 1 }]);
    await payOrder(store.app, store.customer.headers, second);
    // 8 Oct: the second is cancelled (₹300 back), and two COD diyas are delivered (₹499 each).
    clock.set(new Date('2031-10-08T05:00:00.000Z'));
    expect(
      (await admin('POST', `/api/admin/orders/${second.orderId}/status`, { status: 'cancelled', note: '' }))
        .statusCode,
    ).toBe(200);
    const remitted = await deliveredCod(diya);
    const owed = await deliveredCod(diya);
    const csv = [
      'AWB,COD Amount,UTR,Remittance Date',
      `${remitted.awb},499.00,UTIB31101012345,10-10-2031`,
    ].join('\n');
    expect((await admin('POST', '/api/admin/cod-remittances', { csv })).statusCode).toBe(200);

    const range = ['2031-10-06', '2031-10-09'] as const;
    expect(await reportOf('sales-by-day', ...range)).toEqual({
      rows: [
        ['2031-10-06', 1, 3, 1050, 0, 1050],
        ['2031-10-07', 1, 1, 250, 50, 300],
        ['2031-10-08', 2, 2, 800, 198, 998],
        ['2031-10-09', 0, 0, 0, 0, 0],
      ],
      totals: ['Total', 4, 6, 2100, 248, 2348],
    });
    // One India day alone: the order paid at 00:30 on 7 October, not on the 6th.
    expect(await reportOf('sales-by-day', '2031-10-07', '2031-10-07')).toEqual({
      rows: [['2031-10-07', 1, 1, 250, 50, 300]],
      totals: ['Total', 1, 1, 250, 50, 300],
    });
    // An order of two products counts once in each, so the orders column has no total.
    expect(await reportOf('sales-by-product', ...range)).toEqual({
      rows: [
        ['Brass Diya', 'DIYA-BR-01', 'Diyas', 4, 3, 1600],
        ['Potli Bag', '', 'Return Gifts', 2, 2, 500],
      ],
      totals: ['Total', null, null, 6, null, 2100],
    });
    expect(await reportOf('sales-by-category', ...range)).toEqual({
      rows: [
        ['Diyas', 4, 3, 1600],
        ['Return Gifts', 2, 2, 500],
      ],
      totals: ['Total', 6, null, 2100],
    });
    expect(await reportOf('refunds', ...range)).toEqual({
      rows: [
        [
          '2031-10-08',
          second.orderNumber,
          'Refund for the cancelled order',
          expect.stringMatching(/^rfnd_/),
          300,
        ],
      ],
      totals: ['Total', null, null, null, 300],
    });
    expect(await reportOf('cod', ...range)).toEqual({
      rows: [
        ['2031-10-08', remitted.orderNumber, 499, 499, '2031-10-10', 'UTIB31101012345', 0],
        ['2031-10-08', owed.orderNumber, 499, 0, '', '', 499],
      ],
      totals: ['Total', null, 998, 499, null, null, 499],
    });
    const cod = await admin('GET', `/api/admin/reports/cod/csv?from=${range[0]}&to=${range[1]}`);
    expect(cod.headers['content-disposition']).toBe(
      'attachment; filename="cod-2031-10-06-to-2031-10-09.csv"',
    );
    expect(cod.body.split('\r\n')).toEqual([
      'Cash on delivery 2031-10-06 to 2031-10-09',
      'Collected on,Order,Collected (₹),Remitted (₹),Remitted on,UTR,Owed (₹)',
      `2031-10-08,${remitted.orderNumber},499.00,499.00,2031-10-10,UTIB31101012345,0.00`,
      `2031-10-08,${owed.orderNumber},499.00,0.00,,,499.00`,
      'Total,,998.00,499.00,,,499.00',
      '',
    ]);
    const byDay = await admin('GET', '/api/admin/reports/sales-by-day/csv?from=2031-10-06&to=2031-10-06');
    expect(byDay.body.split('\r\n').slice(1, 4)).toEqual([
      'Day,Orders,Units,Items (₹),Charges (₹),Total (₹)',
      '2031-10-06,1,3,1050.00,0.00,1050.00',
      'Total,1,3,1050.00,0.00,1050.00',
    ]);
  });

  it('refuses a range that ends before it starts, runs past a year or names no day, with a message', async () => {
    const answers = [];
    for (const query of [
      'from=2031-10-09&to=2031-10-06',
      'from=2030-01-01&to=2031-10-06',
      'from=2031-13-01&to=2031-13-02',
      'from=2031-10-06',
    ]) {
      const response = await admin('GET', `/api/admin/reports/refunds?${query}`);
      answers.push([response.statusCode, response.json().errors?.[0]?.message]);
    }
    expect(answers).toEqual([
      [400, 'The first day must not be after the last'],
      [400, 'Choose at most 366 days'],
      [400, 'No such day'],
      [400, 'Use a date like 2031-03-10'],
    ]);
    expect((await admin('GET', '/api/admin/reports/profits?from=2031-10-06&to=2031-10-06')).statusCode).toBe(
      400,
    );
  });
});
