import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../../shared/api/invoices';
import type { ReturnRecord } from '../../../shared/api/returns';
import { gstinCheckCharacter } from '../../../shared/gstin';
import { toPaise } from '../../../shared/money';
import { parseCsv } from '../../csv';
import { approveAndReceive, moveOrderAlong, STEPS_TO_DELIVERED } from '../../testing/admin-fixtures';
import {
  createTestProduct,
  payOrder,
  placeOrder,
  seedPincodes,
  TEST_ADDRESS,
} from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// The month's sales register in GSTR-1's tables: its totals are the month's invoices, to the paisa.

const clock = createTestClock('2032-03-05T06:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  admin: true,
  customer: { fullName: 'Asha Rao' },
});

const IN_KARNATAKA = { ...TEST_ADDRESS, state: 'Karnataka' };
const IN_DELHI = { ...TEST_ADDRESS, city: 'New Delhi', state: 'Delhi', postalCode: '110001' };
const FIRST14 = '07AAACR5055K1Z';
const BUYER_GSTIN = `${FIRST14}${gstinCheckCharacter(FIRST14)}`;

/** The register's tables by name: each is its name, a header, rows, then a blank line. */
function tablesOf(csv: string): Map<string, Record<string, string>[]> {
  const tables = new Map<string, Record<string, string>[]>();
  let name: string | null = null;
  let header: string[] | null = null;
  for (const record of parseCsv(csv)) {
    if (record.length === 1 && record[0] === '') {
      name = null;
      header = null;
    } else if (name === null) {
      name = record[0] ?? '';
      tables.set(name, []);
    } else if (header === null) {
      header = record;
    } else {
      const row = Object.fromEntries(header.map((column, index) => [column, record[index] ?? '']));
      tables.get(name)?.push(row);
    }
  }
  return tables;
}

const TAX_COLUMNS = {
  taxable: 'Taxable Value',
  igst: 'Integrated Tax Amount',
  cgst: 'Central Tax Amount',
  sgst: 'State/UT Tax Amount',
} as const;
type Sums = Record<keyof typeof TAX_COLUMNS, number>;

/** Paise of each tax column summed over rows. */
function sumRows(rows: readonly Record<string, string>[]): Sums {
  const sums: Sums = { taxable: 0, igst: 0, cgst: 0, sgst: 0 };
  for (const row of rows) {
    for (const [key, column] of Object.entries(TAX_COLUMNS) as [keyof Sums, string][]) {
      sums[key] += toPaise(Number(row[column]));
    }
  }
  return sums;
}
function sumDocuments(documents: readonly Invoice[]): Sums & { total: number } {
  const sums = { taxable: 0, igst: 0, cgst: 0, sgst: 0, total: 0 };
  for (const { totals } of documents) {
    sums.taxable += toPaise(totals.taxableValue);
    sums.igst += toPaise(totals.igst);
    sums.cgst += toPaise(totals.cgst);
    sums.sgst += toPaise(totals.sgst);
    sums.total += toPaise(totals.total);
  }
  return sums;
}

const register = (month: string) =>
  store.app.inject({
    url: `/api/admin/reports/sales-register.csv?month=${month}`,
    headers: store.admin.headers,
  });

describe('the sales register (GSTR-1)', () => {
  it('adds up to the month’s invoices to the paisa, table by table, with credit notes apart', async () => {
    const headers = store.customer.headers;
    const business = await store.newCustomer({ fullName: 'Ravi Kapoor' });
    const saved = await store.app.inject({
      method: 'PUT',
      url: '/api/auth/business',
      headers: business.headers,
      payload: { gstin: BUYER_GSTIN, legalName: 'Kapoor Events Private Limited' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const diya = await createTestProduct(store.database, { name: 'Diya Set', priceRupees: 399.99 });
    const hamper = await createTestProduct(store.database, { name: 'Silver Hamper', priceRupees: 1_18_000 });
    const candle = await createTestProduct(store.database, {
      name: 'Candle',
      priceRupees: 249.5,
      category: 'Decor',
    });

    const invoiced: string[] = [];
    const paid = async (
      lines: Parameters<typeof placeOrder>[2],
      address: typeof TEST_ADDRESS,
      who = headers,
    ) => {
      const order = await placeOrder(store.app, who, lines, { address });
      await payOrder(store.app, who, order);
      invoiced.push(order.orderId);
      return order;
    };
    // B2C in Karnataka (with shipping), B2C to Delhi, B2CL (to Delhi above ₹1,00,000), B2B.
    const local = await paid(
      [
        { product: diya, quantity: 1 },
        { product: candle, quantity: 1 },
      ],
      IN_KARNATAKA,
    );
    await paid([{ product: diya, quantity: 3 }], IN_DELHI);
    await paid([{ product: hamper, quantity: 1 }], IN_DELHI);
    await paid([{ product: candle, quantity: 7 }], IN_DELHI, business.headers);

    // A partial return: a credit note in the same month.
    await moveOrderAlong(store.app, store.admin.headers, local.orderId, STEPS_TO_DELIVERED.slice(1));
    const requested = await store.app.inject({
      method: 'POST',
      url: `/api/orders/${local.orderId}/returns`,
      headers,
      payload: { items: [{ productId: candle.id, quantity: 1 }], reason: 'The wax had melted' },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const approved = await approveAndReceive(
      store.app,
      store.admin.headers,
      requested.json<{ return: ReturnRecord }>().return.id,
    );
    expect(approved.statusCode, approved.body).toBe(200);

    // An invoice of April stays out of March's register.
    clock.set('2032-04-01T00:30:00.000Z');
    const april = await placeOrder(store.app, headers, [{ product: diya, quantity: 1 }]);
    await payOrder(store.app, headers, april);
    clock.set('2032-03-05T06:00:00.000Z');

    const response = await register('2032-03');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="sales-register-2032-03.csv"');
    const tables = tablesOf(response.body);

    const invoices: Invoice[] = [];
    for (const orderId of invoiced) {
      const answer = await store.app.inject({ url: `/api/orders/${orderId}/invoice`, headers });
      invoices.push(
        answer.statusCode === 200
          ? answer.json<Invoice>()
          : (
              await store.app.inject({ url: `/api/orders/${orderId}/invoice`, headers: business.headers })
            ).json<Invoice>(),
      );
    }
    const expected = sumDocuments(invoices);

    // Each invoice in one table: b2b by GSTIN, b2cl for the big inter-state one, b2cs the rest.
    const b2b = tables.get('b2b') ?? [];
    expect(b2b).toEqual([
      expect.objectContaining({
        'GSTIN/UIN of Recipient': BUYER_GSTIN,
        'Receiver Name': 'Kapoor Events Private Limited',
        'Invoice Number': invoices[3]!.number,
        'Invoice date': '05-Mar-2032',
        'Place Of Supply': '07-Delhi',
        Rate: '18',
      }),
    ]);
    expect(tables.get('b2cl')).toEqual([
      expect.objectContaining({ 'Invoice Number': invoices[2]!.number, 'Invoice Value': '118000.00' }),
    ]);
    expect((tables.get('b2cs') ?? []).map((row) => [row['Place Of Supply'], row.Rate])).toEqual([
      ['07-Delhi', '18'],
      ['29-Karnataka', '18'],
    ]);
    const invoiceTables = [...b2b, ...(tables.get('b2cl') ?? []), ...(tables.get('b2cs') ?? [])];
    const { total, ...expectedTax } = expected;
    expect(sumRows(invoiceTables)).toEqual(expectedTax);
    expect(invoiceTables.length).toBeGreaterThan(0);

    // The summary's invoice row is the same sums and count.
    const summary = new Map((tables.get('summary') ?? []).map((row) => [row.Section, row]));
    const invoicesRow = summary.get('invoices')!;
    expect(invoicesRow.Documents).toBe('4');
    expect(toPaise(Number(invoicesRow.Value))).toBe(total);
    expect(sumRows([invoicesRow])).toEqual(expectedTax);

    // The credit note: ₹249.50 back on a Karnataka consumer invoice (netted in b2cs when filing).
    const notes = summary.get('credit notes')!;
    expect(notes.Documents).toBe('1');
    expect(toPaise(Number(notes.Value))).toBe(24_950);
    const noteRows = tables.get('cdn-b2cs') ?? [];
    expect(noteRows).toEqual([expect.objectContaining({ 'Place Of Supply': '29-Karnataka', Rate: '18' })]);
    const noteSums = sumRows(noteRows);
    expect(noteSums).toEqual(sumRows([notes]));
    expect(noteSums.taxable + noteSums.cgst + noteSums.sgst + noteSums.igst).toBe(24_950);
    expect(tables.get('cdnr')).toEqual([]);

    // GSTR-1 table 12: the HSN summary is the invoices net of the month's credit notes, to the paisa.
    const hsnRows = tables.get('hsn') ?? [];
    expect(sumRows(hsnRows)).toEqual({
      taxable: expectedTax.taxable - noteSums.taxable,
      igst: expectedTax.igst - noteSums.igst,
      cgst: expectedTax.cgst - noteSums.cgst,
      sgst: expectedTax.sgst - noteSums.sgst,
    });
    expect(hsnRows.reduce((sum, row) => sum + toPaise(Number(row['Total Value'])), 0)).toBe(total - 24_950);
    // The returned candle's row (its HSN and rate) carries the note: its invoiced lines less ₹249.50.
    const candleLine = invoices[0]!.lines.find((line) => line.description === 'Candle')!;
    const sameRow = invoices
      .flatMap((invoice) => invoice.lines)
      .filter((line) => line.hsn === candleLine.hsn && line.rate === candleLine.rate);
    const candleRow = hsnRows.find(
      (row) => row.HSN === candleLine.hsn && row.Rate === String(candleLine.rate),
    )!;
    const invoicedPaise = (key: 'total' | 'taxableValue') =>
      sameRow.reduce((sum, line) => sum + toPaise(line[key]), 0);
    expect(toPaise(Number(candleRow['Total Value']))).toBe(invoicedPaise('total') - 24_950);
    expect(toPaise(Number(candleRow['Taxable Value']))).toBe(
      invoicedPaise('taxableValue') - noteSums.taxable,
    );
    // The units supplied stay as invoiced.
    expect(candleRow['Total Quantity']).toBe(String(sameRow.reduce((sum, line) => sum + line.quantity, 0)));

    // April has the one April invoice only.
    const aprilTables = tablesOf((await register('2032-04')).body);
    const aprilSummary = (aprilTables.get('summary') ?? []).find((row) => row.Section === 'invoices');
    expect(aprilSummary?.Documents).toBe('1');
  });

  it('files a note against an earlier month’s B2CL invoice in cdnur, whatever the note’s own total', async () => {
    const hamper = await createTestProduct(store.database, { name: 'Gold Hamper', priceRupees: 1_18_000 });
    const diya = await createTestProduct(store.database, { name: 'Clay Diya', priceRupees: 399.99 });
    // Invoiced and delivered on 30 May (B2CL: to Delhi, above ₹1,00,000); a diya returned on 1 June.
    clock.set('2032-05-30T06:00:00.000Z');
    // Accounts of that day: the file's own sessions have expired by then.
    const { headers } = await store.newCustomer();
    const owner = await store.newAdmin();
    const order = await placeOrder(
      store.app,
      headers,
      [
        { product: hamper, quantity: 1 },
        { product: diya, quantity: 1 },
      ],
      { address: IN_DELHI },
    );
    await payOrder(store.app, headers, order);
    await moveOrderAlong(store.app, owner.headers, order.orderId, STEPS_TO_DELIVERED.slice(1));
    clock.set('2032-06-01T06:00:00.000Z');
    const requested = await store.app.inject({
      method: 'POST',
      url: `/api/orders/${order.orderId}/returns`,
      headers,
      payload: { items: [{ productId: diya.id, quantity: 1 }], reason: 'Chipped' },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const approved = await approveAndReceive(
      store.app,
      owner.headers,
      requested.json<{ return: ReturnRecord }>().return.id,
    );
    expect(approved.statusCode, approved.body).toBe(200);

    const june = tablesOf(
      (
        await store.app.inject({
          url: '/api/admin/reports/sales-register.csv?month=2032-06',
          headers: owner.headers,
        })
      ).body,
    );
    clock.set('2032-03-05T06:00:00.000Z');
    expect(june.get('cdnur')).toEqual([
      expect.objectContaining({ 'UR Type': 'B2CL', 'Place Of Supply': '07-Delhi', 'Note Value': '399.99' }),
    ]);
    expect(june.get('cdn-b2cs')).toEqual([]);
  });

  it('refuses a month not written as YYYY-MM with 400', async () => {
    for (const month of ['2032-13', 'March', '2032-3', `${'9'.repeat(50)}`]) {
      const response = await register(month);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('Choose a month like 2032-03');
    }
  });
});
