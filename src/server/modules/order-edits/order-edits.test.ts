import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../../shared/api/invoices';
import type { OrderRecord } from '../../../shared/api/orders';
import { ORDER_EDIT_MESSAGES } from '../../../shared/order-edits';
import type { Database } from '../../db/client';
import { creditNotes, invoices, orders, pincodes } from '../../db/schema';
import { codDesk } from '../../testing/cod-fixtures';
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
import { SUPERSEDED_CREDIT_REASON } from '../invoices';

// Decision 0066: a paid order's delivery address and phone change until it is booked with the
// courier; the invoice follows the new place of supply (CGST s.34: credited and issued again).
const clock = createTestClock('2031-10-06T04:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: async (database: Database) => {
    await seedPincodes(database);
    await database.db
      .insert(pincodes)
      .values({
        pincode: '400001',
        office: 'Mumbai GPO',
        district: 'Mumbai',
        state: 'Maharashtra',
        latitude: 18.94,
        longitude: 72.83,
      })
      .onConflictDoNothing();
  },
  admin: true,
  customer: { fullName: 'Asha Rao' },
});

const MUMBAI = {
  fullName: 'Asha Rao',
  address: '4 Marine Drive, Churchgate',
  city: 'Mumbai',
  postalCode: '400001',
  phone: '98200 12345',
};

const changeAddress = (orderId: string, address: object, headers = store.customer.headers) =>
  store.app.inject({ method: 'PUT', url: `/api/orders/${orderId}/address`, headers, payload: { address } });
const invoiceOf = async (orderId: string) =>
  (
    await store.app.inject({ url: `/api/orders/${orderId}/invoice`, headers: store.customer.headers })
  ).json<Invoice>();

async function paidLampOrder() {
  const lamp = await createTestProduct(store.database, { priceRupees: 1299, stock: 10 });
  const created = await placeOrder(store.app, store.customer.headers, [{ product: lamp, quantity: 1 }]);
  await payOrder(store.app, store.customer.headers, created);
  return created;
}

describe('an order edited before dispatch (decision 0066)', () => {
  it('moves a ₹1,299 order from Bengaluru to Mumbai: CGST and SGST become IGST on a new invoice, the old one credited', async () => {
    const created = await paidLampOrder();
    const before = await invoiceOf(created.orderId);
    expect(before.placeOfSupply).toEqual({ state: 'Karnataka', stateCode: '29' });
    expect(before.intraState).toBe(true);
    expect(before.totals).toMatchObject({ cgst: 99.07, sgst: 99.08, igst: 0, total: 1299 });

    const changed = await changeAddress(created.orderId, MUMBAI);
    expect(changed.statusCode, changed.body).toBe(200);
    const order = changed.json<OrderRecord>();
    expect(order.total).toBe(1299);
    expect(order.events.at(-1)?.note).toBe(
      'Delivery address changed by the customer to Mumbai 400001, phone 9820012345',
    );

    const after = await invoiceOf(created.orderId);
    expect(after.number).not.toBe(before.number);
    expect(after.placeOfSupply).toEqual({ state: 'Maharashtra', stateCode: '27' });
    expect(after.intraState).toBe(false);
    expect(after.totals).toMatchObject({ cgst: 0, sgst: 0, igst: 198.15, total: 1299 });
    expect(after.deliveryAddress).toContain('Mumbai 400001, Maharashtra');
    // The first invoice stands, superseded, with a credit note for all of it.
    const rows = await store.database.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.orderId, created.orderId), isNotNull(invoices.supersededAt)));
    expect(rows.map((row) => row.number)).toEqual([before.number]);
    const [note] = await store.database.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.orderId, created.orderId));
    const credited = note?.data as Invoice | undefined;
    expect(credited?.creditNote).toMatchObject({
      invoiceNumber: before.number,
      reason: SUPERSEDED_CREDIT_REASON,
    });
    expect(credited?.totals).toMatchObject({ cgst: 99.07, sgst: 99.08, total: 1299 });

    // The owner corrects the phone from the back office; the pincode stays, so does the tax.
    const owner = await store.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${created.orderId}/address`,
      headers: store.admin.headers,
      payload: { address: { ...MUMBAI, phone: '98200 54321' } },
    });
    expect(owner.statusCode, owner.body).toBe(200);
    const [row] = await store.database.db.select().from(orders).where(eq(orders.id, created.orderId));
    expect(row?.shippingAddress).toMatchObject({ phone: '9820054321', city: 'Mumbai' });
    expect((await invoiceOf(created.orderId)).placeOfSupply.state).toBe('Maharashtra');
  });

  it('refuses a pincode it cannot deliver to, a bad phone and another customer, changing nothing', async () => {
    const created = await paidLampOrder();
    const nowhere = await changeAddress(created.orderId, { ...MUMBAI, postalCode: '999999' });
    // Decision 0068: the product page's words for the same pincode.
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().message).toMatch(/^Not deliverable to 999999\. /);
    expect((await changeAddress(created.orderId, { ...MUMBAI, phone: '12345' })).statusCode).toBe(400);
    const stranger = await store.newCustomer();
    const theirs = await changeAddress(created.orderId, MUMBAI, stranger.headers);
    expect([theirs.statusCode, theirs.json().message]).toEqual([404, ORDER_EDIT_MESSAGES.notFound]);
    const [row] = await store.database.db.select().from(orders).where(eq(orders.id, created.orderId));
    expect(row?.deliveryPincode).toBe(TEST_ADDRESS.postalCode);
    expect((await invoiceOf(created.orderId)).placeOfSupply.state).toBe('Karnataka');
  });

  it('drops a cash on delivery order’s midnight fee row when the edit moves it to a standard slot (decision 0072)', async () => {
    const desk = codDesk(store);
    await desk.setCod();
    const buyer = await desk.shopperWithPhone();
    const hamper = await createTestProduct(store.database, { priceRupees: 800, stock: 10 });
    const today = '2031-10-06';
    const placed = await store.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: buyer.headers,
      payload: {
        ...orderBody([{ product: hamper, quantity: 1 }], {
          // ₹800, ₹50 shipping, ₹199 midnight and the ₹49 COD fee.
          totalAmount: 1098,
          shippingAddress: { ...TEST_ADDRESS, phone: buyer.phone },
        }),
        delivery: { date: today, slot: 'midnight' },
        paymentMethod: 'cod',
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId } = placed.json<{ orderId: string }>();
    const edited = await store.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/address`,
      headers: buyer.headers,
      payload: {
        address: { ...TEST_ADDRESS, phone: buyer.phone },
        delivery: { date: today, slot: 'standard' },
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const order = (
      await store.app.inject({ url: `/api/orders/${orderId}`, headers: buyer.headers })
    ).json<OrderRecord>();
    expect(order).toMatchObject({ totalAmount: 899, shippingCost: 99, cashOnDelivery: { toCollect: 899 } });
    expect(order.fees.map((fee) => [fee.kind, fee.amount])).toEqual([
      ['shipping', 50],
      ['cash_on_delivery', 49],
    ]);
  });

  it('refuses an edit once the order is booked with the courier, and its record stops offering one', async () => {
    const created = await paidLampOrder();
    const orderRecord = async () =>
      (
        await store.app.inject({ url: `/api/orders/${created.orderId}`, headers: store.customer.headers })
      ).json<OrderRecord>();
    expect((await orderRecord()).addressEditable).toBe(true);
    const shipped = await store.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${created.orderId}/shipment`,
      headers: store.admin.headers,
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const refused = await changeAddress(created.orderId, MUMBAI);
    expect([refused.statusCode, refused.json().message]).toEqual([409, ORDER_EDIT_MESSAGES.booked]);
    expect((await invoiceOf(created.orderId)).placeOfSupply.state).toBe('Karnataka');
    expect((await orderRecord()).addressEditable).toBe(false);
  });
});
