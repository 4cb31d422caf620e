import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminReturnList, ReturnRecord } from '../../../shared/api/returns';
import type { OwnerSettings, OwnerSettingsResponse } from '../../../shared/owner-settings';
import { PAYEE_MESSAGES, REFUND_DETAILS_PATH } from '../../../shared/refund-payee';
import {
  mailOutbox,
  moneyLedger,
  notificationOutbox,
  payments,
  products,
  sandboxParcels,
} from '../../db/schema';
import { moveOrderAlong, STEPS_TO_DELIVERED } from '../../testing/admin-fixtures';
import { codDesk } from '../../testing/cod-fixtures';
import {
  createTestProduct,
  type Line,
  payOrder,
  placeOrder,
  seedPincodes,
  type TestProduct,
} from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0066: approving a return books a reverse pickup with the courier, and the money goes
// back when the owner marks the items received and checked (or at approval, below the owner's
// amount). Decision 0067: a cash on delivery refund's UPI ID or bank account comes on a signed page.
const clock = createTestClock('2031-11-03T04:00:00.000Z');
const store = setUpTestStore({
  clock,
  // The sandbox courier's clock runs 60 times faster: a day's journey is 24 minutes.
  env: { BACKGROUND_JOBS: 'false', SANDBOX_COURIER_SPEED: '60' },
  seed: seedPincodes,
  admin: true,
  customer: { fullName: 'Joseph Khan' },
});
const desk = codDesk(store);
const MINUTE = 60 * 1000;

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  store.app.inject({ method, url, headers: store.admin.headers, ...(payload ? { payload } : {}) });

async function setSettings(changes: Partial<OwnerSettings>) {
  const { settings } = (await admin('GET', '/api/admin/settings')).json<OwnerSettingsResponse>();
  const saved = await admin('PUT', '/api/admin/settings', { ...settings, ...changes });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function deliveredPrepaid(lines: readonly Line[]) {
  const created = await placeOrder(store.app, store.customer.headers, lines);
  await payOrder(store.app, store.customer.headers, created);
  await moveOrderAlong(store.app, store.admin.headers, created.orderId, STEPS_TO_DELIVERED.slice(1));
  return created;
}

async function requestReturn(orderId: string, product: TestProduct, headers = store.customer.headers) {
  const requested = await store.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/returns`,
    headers,
    payload: { items: [{ productId: product.id, quantity: 1 }], reason: 'The lid arrived cracked' },
  });
  expect(requested.statusCode, requested.body).toBe(201);
  return requested.json<{ return: ReturnRecord }>().return.id;
}

const refundLines = (orderId: string) =>
  store.database.db
    .select()
    .from(moneyLedger)
    .where(and(eq(moneyLedger.orderId, orderId), eq(moneyLedger.kind, 'refunded')));
const stockOf = async (product: TestProduct) =>
  (
    await store.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id))
  )[0]?.stock;

/** Moves the clock on and lets the sandbox courier send every scan now due. */
async function courierMoves(minutes: number) {
  clock.set(new Date(clock.now().getTime() + minutes * MINUTE));
  await store.app.moveSandboxParcels();
}

describe('a return comes back before it is refunded (decision 0066)', () => {
  it('books a reverse pickup at approval, follows its scans, and refunds ₹1,299 only once received', async () => {
    await setSettings({ refundAtApprovalBelow: 0 });
    const lamp = await createTestProduct(store.database, { priceRupees: 1299, stock: 5 });
    const created = await deliveredPrepaid([{ product: lamp, quantity: 1 }]);
    const returnId = await requestReturn(created.orderId, lamp);

    const approved = await admin('POST', `/api/admin/returns/${returnId}/approve`, { note: '' });
    expect(approved.statusCode, approved.body).toBe(200);
    const record = approved.json<{ return: ReturnRecord }>().return;
    expect(record).toMatchObject({ status: 'approved', refundAmount: 1299, refundReleasedAt: null });
    expect(record.pickup).toMatchObject({ courier: 'Utsav Sandbox Express', status: 'booked' });
    const awb = record.pickup?.awb ?? '';
    // The courier has the return order, from the customer's address, booked as a return.
    const [parcel] = await store.database.db.select().from(sandboxParcels).where(eq(sandboxParcels.awb, awb));
    expect(parcel?.booking).toMatchObject({
      isReturn: true,
      customerName: 'Asha Rao',
      pincode: '560001',
    });
    // No money has moved, and the stock waits for the lamp too.
    expect(await refundLines(created.orderId)).toEqual([]);
    expect(
      (await store.database.db.select().from(payments).where(eq(payments.orderId, created.orderId)))[0],
    ).toMatchObject({ refundedPaise: 0 });
    expect(await stockOf(lamp)).toBe(4);
    const [mail] = await store.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, created.orderId), eq(mailOutbox.kind, 'order-return')));
    expect(mail?.text).toContain(
      `Utsav Sandbox Express will collect the items (AWB ${awb}). ₹1,299 will be refunded to the original payment method once the items are back and checked`,
    );

    // The courier picks it up and brings it back; each scan is on the order's timeline.
    await courierMoves(5);
    await courierMoves(24 * 60);
    const list = (await admin('GET', '/api/admin/returns?status=approved')).json<AdminReturnList>();
    expect(list.data.find((row) => row.id === returnId)?.pickup?.status).toBe('delivered');
    // The back office's row names the order and its customer (the order's address names them first).
    expect(list.data.find((row) => row.id === returnId)).toMatchObject({
      orderId: created.orderId,
      orderNumber: created.orderNumber,
      customerName: 'Asha Rao',
      customerEmail: store.customer.user.email,
    });
    const order = (
      await store.app.inject({ url: `/api/orders/${created.orderId}`, headers: store.customer.headers })
    ).json<{ status: string; events: { note: string }[] }>();
    expect(order.status).toBe('delivered');
    expect(order.events.map((event) => event.note)).toEqual(
      expect.arrayContaining([
        `Return pickup: Return picked up from the customer (Utsav Sandbox Express, AWB ${awb})`,
        `Return pickup: Return delivered to the store (Utsav Sandbox Express, AWB ${awb})`,
      ]),
    );
    expect(await refundLines(created.orderId)).toEqual([]);

    const received = await admin('POST', `/api/admin/returns/${returnId}/received`, {
      note: 'Checked: intact',
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json<{ return: ReturnRecord }>().return.refundReleasedAt).not.toBeNull();
    expect((await refundLines(created.orderId)).map((line) => [line.amountPaise, line.reason])).toEqual([
      [129_900, 'return'],
    ]);
    expect(await stockOf(lamp)).toBe(5);
    const again = await admin('POST', `/api/admin/returns/${returnId}/received`, { note: '' });
    expect(again.statusCode).toBe(409);
    expect(await refundLines(created.orderId)).toHaveLength(1);
  });

  it('refunds a return below the owner’s amount at approval, and still books its pickup', async () => {
    await setSettings({ refundAtApprovalBelow: 500 });
    const diya = await createTestProduct(store.database, { priceRupees: 399, stock: 5 });
    const created = await deliveredPrepaid([{ product: diya, quantity: 1 }]);
    const returnId = await requestReturn(created.orderId, diya);
    const approved = await admin('POST', `/api/admin/returns/${returnId}/approve`, { note: '' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ return: ReturnRecord }>().return.pickup?.status).toBe('booked');
    expect((await refundLines(created.orderId)).map((line) => line.amountPaise)).toEqual([39_900]);
    // Received later: the stock comes back, the money is not paid twice.
    const received = await admin('POST', `/api/admin/returns/${returnId}/received`, { note: '' });
    expect(received.statusCode, received.body).toBe(200);
    expect(await refundLines(created.orderId)).toHaveLength(1);
    await setSettings({ refundAtApprovalBelow: 0 });
  });
});

describe('a cash on delivery refund’s UPI ID comes on a signed, single-use page (decision 0067)', () => {
  it('asks by message, takes a valid UPI ID once, refuses a tampered or second use, and tells the owner', async () => {
    await desk.setCod();
    const buyer = await desk.shopperWithPhone({ fullName: 'Joseph Khan' });
    const lamp = await createTestProduct(store.database, { priceRupees: 1299, stock: 5 });
    const placed = await desk.placeCod(buyer.headers, [{ product: lamp, quantity: 1 }], {
      phone: buyer.phone,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json<{ orderId: string }>().orderId;
    await moveOrderAlong(store.app, store.admin.headers, orderId, [
      'processing',
      'packed',
      'shipped',
      'out_for_delivery',
      'delivered',
    ]);
    const returnId = await requestReturn(orderId, lamp, buyer.headers);
    expect((await admin('POST', `/api/admin/returns/${returnId}/approve`, { note: '' })).statusCode).toBe(
      200,
    );
    // Paid in cash: nothing is owed until the lamp is back, and the customer is not asked yet.
    const noticeRows = () =>
      store.database.db
        .select()
        .from(notificationOutbox)
        .where(
          and(
            eq(notificationOutbox.orderId, orderId),
            eq(notificationOutbox.notice, 'refund_details_wanted'),
          ),
        );
    expect(await noticeRows()).toEqual([]);
    expect(
      (await admin('POST', `/api/admin/returns/${returnId}/refund-paid`, { reference: 'UPI 1' })).statusCode,
    ).toBe(409);

    expect((await admin('POST', `/api/admin/returns/${returnId}/received`, { note: '' })).statusCode).toBe(
      200,
    );
    const [asked] = await noticeRows();
    const token = String(asked?.details.token ?? '');
    expect(token).not.toBe('');
    await desk.sendAll();
    const [message] = (await desk.sentTo([buyer.phone])).filter(
      (row) => row.template === 'refund_details_wanted',
    );
    expect(message?.text).toContain('We owe you a refund of ₹1,299');
    expect(message?.text).toContain(`${REFUND_DETAILS_PATH}?token=`);
    // The mail links the page and asks for nothing by e-mail.
    const mails = await store.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.kind, 'order-return')))
      .orderBy(mailOutbox.id);
    expect(mails.at(-1)?.text).toContain('on this secure page');
    expect(mails.at(-1)?.text).not.toContain('reply to this e-mail');

    const page = await store.app.inject({ url: `/api/refund-details?token=${encodeURIComponent(token)}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ amount: 1299, given: false });

    const give = (value: string, payee: object) =>
      store.app.inject({ method: 'POST', url: '/api/refund-details', payload: { token: value, payee } });
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = await give(tampered, { method: 'upi', vpa: 'joseph@okhdfc' });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe(PAYEE_MESSAGES.linkInvalid);
    const badVpa = await give(token, { method: 'upi', vpa: 'joseph at okhdfc' });
    expect(badVpa.statusCode).toBe(400);
    const badIfsc = await give(token, {
      method: 'bank',
      holder: 'Joseph Khan',
      accountNumber: '123456789012',
      ifsc: 'HDFC1234',
    });
    expect(badIfsc.statusCode).toBe(400);

    const taken = await give(token, { method: 'upi', vpa: 'joseph.khan@okhdfc' });
    expect(taken.statusCode, taken.body).toBe(200);
    const second = await give(token, { method: 'upi', vpa: 'someone.else@okaxis' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(PAYEE_MESSAGES.linkUsed);

    const list = (await admin('GET', '/api/admin/returns?status=approved')).json<AdminReturnList>();
    expect(list.data.find((row) => row.id === returnId)?.payee).toBe('UPI joseph.khan@okhdfc');

    const paid = await admin('POST', `/api/admin/returns/${returnId}/refund-paid`, {
      reference: 'UPI 412345678901',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await refundLines(orderId)).map((line) => [line.amountPaise, line.providerRef])).toEqual([
      [129_900, 'UPI 412345678901'],
    ]);
    const afterPaid = await store.app.inject({
      url: `/api/refund-details?token=${encodeURIComponent(token)}`,
    });
    expect(afterPaid.statusCode).toBe(409);

    // A link past its 14 days is refused as expired.
    clock.set(new Date(clock.now().getTime() + 15 * 24 * 60 * MINUTE));
    const late = await store.app.inject({ url: `/api/refund-details?token=${encodeURIComponent(token)}` });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(PAYEE_MESSAGES.linkExpired);
  });
});
