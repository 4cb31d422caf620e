import { describe, expect, it } from 'vitest';
import type { AdminCategory, AdminProduct } from '../../../shared/api/admin';
import type { BusinessDetailsRecord } from '../../../shared/api/auth';
import type { CreditNoteList, Invoice } from '../../../shared/api/invoices';
import type { CreateOrderResponse } from '../../../shared/api/payments';
import type { ReturnRecord } from '../../../shared/api/returns';
import { gstinCheckCharacter } from '../../../shared/gstin';
import { toPaise } from '../../../shared/money';
import { bulkEnquiries } from '../../db/schema';
import { moveOrderAlong, STEPS_TO_DELIVERED } from '../../testing/admin-fixtures';
import {
  createTestProduct,
  payOrder,
  placeOrder,
  seedPincodes,
  TEST_ADDRESS,
  testCategory,
} from '../../testing/order-fixtures';
import type { TestAccount } from '../../testing/test-accounts';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// GST that a chartered accountant can file from: HSN and rate per product, the place of supply
// from the delivery address's State, the buyer's GSTIN on a B2B invoice, credit notes for refunds.

const clock = createTestClock('2032-03-10T06:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  admin: true,
  customer: { fullName: 'Asha Rao' },
});

const IN_KARNATAKA = { ...TEST_ADDRESS, state: 'Karnataka' };
const IN_DELHI = {
  ...TEST_ADDRESS,
  fullName: 'Rohan Mehta',
  address: '5 Janpath',
  city: 'New Delhi',
  state: 'Delhi',
  postalCode: '110001',
};
const BUYER_FIRST14 = '27AAPFU0939F1Z';
const BUYER_GSTIN = `${BUYER_FIRST14}${gstinCheckCharacter(BUYER_FIRST14)}`;

const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  store.app.inject({ method, url, headers: store.admin.headers, ...(payload ? { payload } : {}) });

async function taxedCategory(name: string, hsnCode: string, gstRate: number) {
  const { id } = await testCategory(store.database, name);
  const response = await admin('PATCH', `/api/admin/categories/${id}`, { hsnCode, gstRate });
  expect(response.json<{ category: AdminCategory }>().category).toMatchObject({ hsnCode, gstRate });
  return { id, name };
}

const invoiceOf = async (orderId: string, headers = store.customer.headers) =>
  (await store.app.inject({ url: `/api/orders/${orderId}/invoice`, headers })).json<Invoice>();

const paise = (rupees: number) => toPaise(rupees);

describe('HSN code and GST rate per product', () => {
  it('prints a product’s own HSN and rate, and its category’s for a product without', async () => {
    const toys = await taxedCategory('Festive Toys', '9503', 12);
    const created = await admin('POST', '/api/admin/products', {
      name: 'Lavender Soy Candle',
      price: 450,
      mrp: 450,
      categoryId: toys.id,
      stock: 10,
      hsnCode: '3406',
      gstRate: 18,
    });
    expect(created.statusCode, created.body).toBe(201);
    const candle = created.json<{ product: AdminProduct }>().product;
    expect(candle).toMatchObject({
      hsnCode: '3406',
      gstRate: 18,
      categoryHsnCode: '9503',
      categoryGstRate: 12,
    });
    const spinner = await createTestProduct(store.database, { priceRupees: 600, category: toys.name });

    const order = await placeOrder(
      store.app,
      store.customer.headers,
      [
        { product: { ...candle, pricePaise: 45_000 }, quantity: 1 },
        { product: spinner, quantity: 1 },
      ],
      { address: IN_KARNATAKA },
    );
    await payOrder(store.app, store.customer.headers, order);
    const invoice = await invoiceOf(order.orderId);
    expect(invoice.lines.map((line) => [line.description, line.hsn, line.rate])).toEqual([
      ['Lavender Soy Candle', '3406', 18],
      [spinner.name, '9503', 12],
    ]);
    // ₹450 at 18%: ₹381.36 taxable and ₹68.64 of tax.
    expect(invoice.lines[0]).toMatchObject({ taxableValue: 381.36, cgst: 34.32, sgst: 34.32, total: 450 });

    // Cleared, the product follows its category again (for the next invoices).
    const cleared = await admin('PATCH', `/api/admin/products/${candle.id}`, {
      hsnCode: null,
      gstRate: null,
    });
    expect(cleared.json<{ product: AdminProduct }>().product).toMatchObject({ hsnCode: null, gstRate: null });
  });

  it('refuses an HSN code or rate GST does not have, and changes nothing', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 250 });
    for (const [payload, message] of [
      [{ hsnCode: '12' }, 'An HSN code is 4 to 8 digits'],
      [{ gstRate: 7 }, 'GST is one of'],
    ] as const) {
      const refused = await admin('PATCH', `/api/admin/products/${product.id}`, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toContain(message);
    }
    const after = (await admin('GET', `/api/admin/products/${product.id}`)).json<{ product: AdminProduct }>();
    expect(after.product).toMatchObject({ hsnCode: null, gstRate: null });
  });
});

describe('the place of supply', () => {
  it('charges CGST + SGST in the store’s State and IGST for a delivery address in another', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 1180 });
    const local = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }], {
      address: IN_KARNATAKA,
    });
    const away = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }], {
      address: IN_DELHI,
    });
    await payOrder(store.app, store.customer.headers, local);
    await payOrder(store.app, store.customer.headers, away);

    const within = await invoiceOf(local.orderId);
    expect(within).toMatchObject({
      intraState: true,
      placeOfSupply: { state: 'Karnataka', stateCode: '29' },
    });
    // ₹1,180 at 18%: ₹1,000 taxable, ₹90 + ₹90.
    expect(within.totals).toEqual({ taxableValue: 1000, cgst: 90, sgst: 90, igst: 0, total: 1180 });

    const across = await invoiceOf(away.orderId);
    expect(across).toMatchObject({ intraState: false, placeOfSupply: { state: 'Delhi', stateCode: '07' } });
    expect(across.totals).toEqual({ taxableValue: 1000, cgst: 0, sgst: 0, igst: 180, total: 1180 });
  });

  it('is the State of the delivery pincode, whatever State the shopper typed', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 1180 });
    const typedWrong = [
      { ...IN_KARNATAKA, state: 'Delhi' },
      { ...IN_KARNATAKA, state: 'Karnatka' },
      { ...IN_DELHI, state: 'Karnataka' },
    ];
    const placed = [];
    for (const address of typedWrong) {
      const order = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }], {
        address,
      });
      await payOrder(store.app, store.customer.headers, order);
      placed.push(await invoiceOf(order.orderId));
    }
    expect(placed.map((invoice) => [invoice.placeOfSupply, invoice.intraState])).toEqual([
      [{ state: 'Karnataka', stateCode: '29' }, true],
      [{ state: 'Karnataka', stateCode: '29' }, true],
      [{ state: 'Delhi', stateCode: '07' }, false],
    ]);
    expect(placed[2]?.totals).toMatchObject({ cgst: 0, sgst: 0, igst: 180 });
  });
});

describe('a business buyer’s invoice (B2B)', () => {
  it('carries the GSTIN and legal name from the customer’s account', async () => {
    const buyer = await store.newCustomer({ fullName: 'Kiran Shah' });
    const put = (payload: object) =>
      store.app.inject({ method: 'PUT', url: '/api/auth/business', headers: buyer.headers, payload });

    const wrong = await put({ gstin: '27AAPFU0939F1ZA', legalName: 'Shah Traders LLP' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toContain('valid 15-character GSTIN');
    const nameless = await put({ gstin: BUYER_GSTIN, legalName: '' });
    expect(nameless.statusCode).toBe(400);
    const read = await store.app.inject({ url: '/api/auth/business', headers: buyer.headers });
    expect(read.json<BusinessDetailsRecord>()).toEqual({ gstin: null, legalName: null });

    const saved = await put({ gstin: ` ${BUYER_GSTIN.toLowerCase()} `, legalName: 'Shah Traders LLP' });
    expect(saved.json<BusinessDetailsRecord>()).toEqual({
      gstin: BUYER_GSTIN,
      legalName: 'Shah Traders LLP',
    });

    const product = await createTestProduct(store.database, { priceRupees: 2000 });
    const order = await placeOrder(store.app, buyer.headers, [{ product, quantity: 1 }], {
      address: IN_DELHI,
    });
    await payOrder(store.app, buyer.headers, order);
    expect((await invoiceOf(order.orderId, buyer.headers)).buyer).toEqual({
      name: 'Rohan Mehta',
      email: buyer.user.email,
      gstin: BUYER_GSTIN,
      legalName: 'Shah Traders LLP',
    });
    // A consumer's invoice has neither.
    const consumer = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    await payOrder(store.app, store.customer.headers, consumer);
    expect((await invoiceOf(consumer.orderId)).buyer).not.toHaveProperty('gstin');
  });
});

describe('a quote’s invoice', () => {
  /** The owner quotes 50 of `product` to the buyer, who pays it: the invoice's buyer. */
  async function paidQuoteBuyer(buyer: TestAccount, product: { id: number }, fields: object) {
    const quoted = await admin('POST', '/api/admin/quotes', {
      customerEmail: buyer.user.email,
      lines: [{ productId: product.id, quantity: 50 }],
      shippingAddress: IN_DELHI,
      ...fields,
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const { orderId } = quoted.json<{ quote: { orderId: string } }>().quote;
    const started = await store.app.inject({
      method: 'POST',
      url: `/api/quotes/${orderId}/payment`,
      headers: buyer.headers,
    });
    await payOrder(store.app, buyer.headers, started.json<CreateOrderResponse>());
    return (await invoiceOf(orderId, buyer.headers)).buyer;
  }

  it('carries the GSTIN its bulk enquiry gave, with the customer’s legal name', async () => {
    const buyer = await store.newCustomer({ fullName: 'Nisha Verma' });
    const [enquiry] = await store.database.db
      .insert(bulkEnquiries)
      .values({
        occasion: 'Office Diwali',
        productsOrBudget: '50 diyas',
        quantity: 50,
        neededBy: '2032-03-30',
        name: 'Nisha Verma',
        phone: '9845012345',
        email: buyer.user.email,
        gstin: BUYER_GSTIN,
      })
      .returning();
    const product = await createTestProduct(store.database, { priceRupees: 120, stock: 80 });
    expect(await paidQuoteBuyer(buyer, product, { bulkEnquiryId: enquiry!.id })).toMatchObject({
      gstin: BUYER_GSTIN,
      legalName: 'Nisha Verma',
    });
  });

  it('carries the GSTIN and legal name the owner sent the quote with, else the account’s', async () => {
    const buyer = await store.newCustomer({ fullName: 'Arjun Rao' });
    // The account holds a GSTIN of its own; a quote that names a buyer is invoiced to that buyer.
    await store.app.inject({
      method: 'PUT',
      url: '/api/auth/business',
      headers: buyer.headers,
      payload: { gstin: BUYER_GSTIN, legalName: 'Rao Family Trust' },
    });
    const product = await createTestProduct(store.database, { priceRupees: 120, stock: 200 });
    const company = `29${BUYER_FIRST14.slice(2, 14)}`;
    const companyGstin = `${company}${gstinCheckCharacter(company)}`;
    expect(
      await paidQuoteBuyer(buyer, product, {
        buyerGstin: companyGstin,
        buyerLegalName: 'Rao Softworks Private Limited',
      }),
    ).toMatchObject({ gstin: companyGstin, legalName: 'Rao Softworks Private Limited' });
    expect(await paidQuoteBuyer(buyer, product, { buyerGstin: '', buyerLegalName: '' })).toMatchObject({
      gstin: BUYER_GSTIN,
      legalName: 'Rao Family Trust',
    });
  });
});

describe('credit notes', () => {
  const notesOf = async (orderId: string) =>
    (await admin('GET', `/api/admin/orders/${orderId}/credit-notes`)).json<CreditNoteList>().data;

  it('issues one for exactly the ₹399 refunded on a partial return, as a PDF, in its own series', async () => {
    const diya = await createTestProduct(store.database, { name: 'Diya Set', priceRupees: 399 });
    const box = await createTestProduct(store.database, { name: 'Dry Fruit Box', priceRupees: 949 });
    const order = await placeOrder(
      store.app,
      store.customer.headers,
      [
        { product: diya, quantity: 1 },
        { product: box, quantity: 1 },
      ],
      { address: IN_DELHI },
    );
    await payOrder(store.app, store.customer.headers, order);
    const invoice = await invoiceOf(order.orderId);
    expect(await notesOf(order.orderId)).toEqual([]);
    await moveOrderAlong(store.app, store.admin.headers, order.orderId, STEPS_TO_DELIVERED.slice(1));

    const requested = await store.app.inject({
      method: 'POST',
      url: `/api/orders/${order.orderId}/returns`,
      headers: store.customer.headers,
      payload: { items: [{ productId: diya.id, quantity: 1 }], reason: 'The diya arrived chipped' },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const returnId = requested.json<{ return: ReturnRecord }>().return.id;
    await admin('POST', `/api/admin/returns/${returnId}/approve`, { note: '' });
    const approved = await admin('POST', `/api/admin/returns/${returnId}/received`, { note: '' });
    expect(approved.statusCode, approved.body).toBe(200);

    const notes = await notesOf(order.orderId);
    expect(notes).toEqual([
      { id: expect.any(Number), number: 'CN/31-32/000001', issuedAt: clock.now().toISOString(), total: 399 },
    ]);
    const pdf = await admin('GET', `/api/admin/credit-notes/${notes[0]!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('credit-note-CN-31-32-000001.pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The same bytes on every download: the legal document never changes.
    const again = await admin('GET', `/api/admin/credit-notes/${notes[0]!.id}/pdf`);
    expect(again.rawPayload.equals(pdf.rawPayload)).toBe(true);
    expect((await admin('GET', '/api/admin/credit-notes/999999/pdf')).statusCode).toBe(404);

    // The note's lines add up to the refund, to the paisa, with IGST as on the invoice.
    const [row] = await store.database.db.query.creditNotes.findMany({
      where: (table, { eq }) => eq(table.orderId, order.orderId),
    });
    const note = row!.data as Invoice;
    expect(note.creditNote).toEqual({
      invoiceNumber: invoice.number,
      invoiceDate: invoice.issuedAt,
      reason: 'Goods returned',
    });
    expect(note.intraState).toBe(false);
    // The returned Diya Set is what is credited: ₹399 at 18%, ₹338.14 taxable and ₹60.86 IGST.
    expect(note.lines).toEqual([
      expect.objectContaining({
        description: 'Diya Set',
        quantity: 1,
        taxableValue: 338.14,
        igst: 60.86,
        total: 399,
      }),
    ]);
    expect(note.lines.reduce((sum, line) => sum + paise(line.total), 0)).toBe(39_900);
    for (const line of note.lines) {
      expect(paise(line.taxableValue) + paise(line.igst)).toBe(paise(line.total));
      expect(line.cgst + line.sgst).toBe(0);
    }
  });

  it('issues one for the whole amount when a paid order is cancelled, and none for an unpaid one', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 1500 });
    const paid = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    await payOrder(store.app, store.customer.headers, paid);
    const unpaid = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
    for (const orderId of [paid.orderId, unpaid.orderId]) {
      const cancelled = await admin('POST', `/api/admin/orders/${orderId}/status`, {
        status: 'cancelled',
        note: '',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    expect((await notesOf(paid.orderId)).map((note) => note.total)).toEqual([1500]);
    expect(await notesOf(unpaid.orderId)).toEqual([]);
  });
});
