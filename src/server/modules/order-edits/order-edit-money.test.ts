import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../shared/api/admin';
import type { Invoice } from '../../../shared/api/invoices';
import type { OrderRecord } from '../../../shared/api/orders';
import type { CreateOrderResponse } from '../../../shared/api/payments';
import {
  LINE_REMOVAL_MESSAGES,
  LINE_REMOVED_CREDIT_REASON,
  ORDER_EDIT_MESSAGES,
} from '../../../shared/order-edits';
import type { Database } from '../../db/client';
import { creditNotes, invoices, moneyLedger, payments, products } from '../../db/schema';
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

// Decision 0078: the money of an order edited before dispatch: a line the owner removes, and a
// delivery fee that changes with the address (a cheaper choice refunded, a dearer one refused
// unless the store waives the difference).
const clock = createTestClock('2031-10-06T04:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: async (database: Database) => seedPincodes(database),
  admin: true,
  customer: { fullName: 'Asha Rao' },
});

const detailOf = async (orderId: string) =>
  (
    await store.app.inject({ url: `/api/admin/orders/${orderId}`, headers: store.admin.headers })
  ).json<AdminOrderDetail>();
const removeLine = (orderId: string, lineId: number) =>
  store.app.inject({
    method: 'DELETE',
    url: `/api/admin/orders/${orderId}/items/${lineId}`,
    headers: store.admin.headers,
  });
const stockOf = async (productId: number) =>
  (
    await store.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId))
  )[0]?.stock;

let coupons = 0;
async function couponOrder() {
  coupons += 1;
  const coupon = await store.app.inject({
    method: 'POST',
    url: '/api/admin/coupons',
    headers: store.admin.headers,
    payload: { code: `DIYA${coupons}`, kind: 'flat', value: 100 },
  });
  expect(coupon.statusCode, coupon.body).toBe(201);
  const lamp = await createTestProduct(store.database, { name: 'Brass Lamp', priceRupees: 1299, stock: 10 });
  const diya = await createTestProduct(store.database, {
    name: 'Clay Diya Pair',
    priceRupees: 450,
    stock: 10,
  });
  // ₹2,199 of items (free shipping) less the ₹100 coupon: ₹2,099.
  const created = await placeOrder(
    store.app,
    store.customer.headers,
    [
      { product: lamp, quantity: 1 },
      { product: diya, quantity: 2 },
    ],
    { couponCode: coupon.json<{ coupon: { code: string } }>().coupon.code, totalAmount: 2099 },
  );
  await payOrder(store.app, store.customer.headers, created);
  return { orderId: created.orderId, lamp, diya };
}

describe('a line removed by the owner before dispatch (decision 0078)', () => {
  it('refunds the ₹859.07 two diyas cost after their share of a ₹100 coupon, credits the invoice and puts them back on the shelf', async () => {
    const { orderId, diya } = await couponOrder();
    expect(await stockOf(diya.id)).toBe(8);
    const before = await detailOf(orderId);
    expect(before.order.totalAmount).toBe(2099);
    const diyaLine = before.order.items.find((item) => item.product.id === diya.id);
    if (!diyaLine) throw new Error('The diya line is missing');

    const removed = await removeLine(orderId, diyaLine.lineId);
    expect(removed.statusCode, removed.body).toBe(200);
    const { order, money } = removed.json<AdminOrderDetail>();
    // The coupon split ₹59.07 to the lamp and ₹40.93 to the diyas (largest remainder, to the paisa):
    // 2 x ₹450 less ₹40.93 is ₹859.07 back; the lamp's ₹1,299 less ₹59.07 is what is left.
    expect(order.items.map((item) => [item.product.name, item.quantity])).toEqual([['Brass Lamp', 1]]);
    expect([order.subtotal, order.discount, order.shippingCost, order.totalAmount]).toEqual([
      1299, 59.07, 0, 1239.93,
    ]);
    expect(money).toMatchObject({ captured: 2099, refunded: 859.07, net: 1239.93 });
    // The refund sweep keeps the rest: the payment no longer equals the total, yet it paid the order.
    await store.app.payments.retryUnfinishedWork();
    expect((await detailOf(orderId)).money).toMatchObject({ refunded: 859.07, net: 1239.93 });
    expect(order.events.at(-1)?.note).toBe(
      '2 x Clay Diya Pair removed from the order by the store: ₹859.07 refunded to your original payment method',
    );
    expect(await stockOf(diya.id)).toBe(10);

    const ledger = await store.database.db
      .select({ kind: moneyLedger.kind, paise: moneyLedger.amountPaise, reason: moneyLedger.reason })
      .from(moneyLedger)
      .where(and(eq(moneyLedger.orderId, orderId), eq(moneyLedger.kind, 'refunded')));
    expect(ledger).toEqual([{ kind: 'refunded', paise: 85_907, reason: 'line_removed' }]);
    const [payment] = await store.database.db
      .select({ refunded: payments.refundedPaise, status: payments.status })
      .from(payments)
      .where(eq(payments.orderId, orderId));
    expect(payment).toEqual({ refunded: 85_907, status: 'captured' });

    // CGST s.34: the first invoice credited in full, a new one for what is left.
    const [superseded] = await store.database.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), isNotNull(invoices.supersededAt)));
    const [note] = await store.database.db
      .select({ data: creditNotes.data })
      .from(creditNotes)
      .where(eq(creditNotes.invoiceId, superseded?.id ?? -1));
    expect((note?.data as Invoice | undefined)?.creditNote?.reason).toBe(LINE_REMOVED_CREDIT_REASON);
    expect((note?.data as Invoice | undefined)?.totals.total).toBe(2099);
    const current = (
      await store.app.inject({ url: `/api/orders/${orderId}/invoice`, headers: store.customer.headers })
    ).json<Invoice>();
    expect(current.totals.total).toBe(1239.93);
    expect(current.lines.map((line) => line.description)).toEqual(['Brass Lamp']);
  });

  it('refuses the last line, a line of another order, and any line once the order is booked, changing nothing', async () => {
    const { orderId, lamp, diya } = await couponOrder();
    const { order } = await detailOf(orderId);
    const lineOf = (productId: number) =>
      order.items.find((item) => item.product.id === productId)?.lineId ?? 0;
    const other = await couponOrder();
    const stranger = await removeLine(other.orderId, lineOf(diya.id));
    expect([stranger.statusCode, stranger.json().message]).toEqual([404, LINE_REMOVAL_MESSAGES.lineNotFound]);

    expect((await removeLine(orderId, lineOf(diya.id))).statusCode).toBe(200);
    const last = await removeLine(orderId, lineOf(lamp.id));
    expect([last.statusCode, last.json().message]).toEqual([409, LINE_REMOVAL_MESSAGES.lastLine]);

    const booked = await store.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${other.orderId}/shipment`,
      headers: store.admin.headers,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const refused = await removeLine(
      other.orderId,
      (await detailOf(other.orderId)).order.items[1]?.lineId ?? 0,
    );
    expect([refused.statusCode, refused.json().message]).toEqual([409, LINE_REMOVAL_MESSAGES.booked]);
    expect((await detailOf(other.orderId)).order).toMatchObject({ totalAmount: 2099 });
    expect((await detailOf(other.orderId)).money.refunded).toBe(0);
  });
});

const today = '2031-10-06';

/** A paid ₹800 hamper for `slot` today: ₹50 shipping, and ₹199 more at midnight. */
async function paidHamper(slot: 'midnight' | 'standard') {
  const hamper = await createTestProduct(store.database, { priceRupees: 800, stock: 10 });
  const placed = await store.app.inject({
    method: 'POST',
    url: '/api/payments/create-order',
    headers: store.customer.headers,
    payload: {
      ...orderBody([{ product: hamper, quantity: 1 }], { totalAmount: slot === 'midnight' ? 1049 : 850 }),
      delivery: { date: today, slot },
    },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const created = placed.json<CreateOrderResponse>();
  await payOrder(store.app, store.customer.headers, created);
  return created.orderId;
}

const changeTo = (orderId: string, slot: 'midnight' | 'standard', as: 'customer' | 'store', waive = false) =>
  store.app.inject({
    method: 'PUT',
    url: as === 'customer' ? `/api/orders/${orderId}/address` : `/api/admin/orders/${orderId}/address`,
    headers: as === 'customer' ? store.customer.headers : store.admin.headers,
    payload: {
      address: TEST_ADDRESS,
      delivery: { date: today, slot },
      ...(as === 'store' ? { waiveFeeDifference: waive } : {}),
    },
  });
describe('a delivery fee that changes with a paid order’s address (decision 0078)', () => {
  it('refunds the ₹199 of a midnight slot given up for a standard one, once, with a new invoice', async () => {
    const orderId = await paidHamper('midnight');
    const changed = await changeTo(orderId, 'standard', 'customer');
    expect(changed.statusCode, changed.body).toBe(200);

    const { order, money } = await detailOf(orderId);
    expect([order.totalAmount, order.fees.map((fee) => [fee.kind, fee.amount])]).toEqual([
      850,
      [['shipping', 50]],
    ]);
    expect(money).toMatchObject({ captured: 1049, refunded: 199, net: 850 });
    expect(order.events.at(-1)?.note).toContain(
      '₹199 of the delivery fee refunded to your original payment method',
    );
    const ledger = await store.database.db
      .select({ paise: moneyLedger.amountPaise, reason: moneyLedger.reason })
      .from(moneyLedger)
      .where(and(eq(moneyLedger.orderId, orderId), eq(moneyLedger.kind, 'refunded')));
    expect(ledger).toEqual([{ paise: 19_900, reason: 'fee_difference' }]);
    const [payment] = await store.database.db
      .select({ refunded: payments.refundedPaise })
      .from(payments)
      .where(eq(payments.orderId, orderId));
    expect(payment?.refunded).toBe(19_900);
    const invoice = (
      await store.app.inject({ url: `/api/orders/${orderId}/invoice`, headers: store.customer.headers })
    ).json<Invoice>();
    expect(invoice.totals.total).toBe(850);

    // The same change again moves no money.
    expect((await changeTo(orderId, 'standard', 'customer')).statusCode).toBe(200);
    expect((await detailOf(orderId)).money.refunded).toBe(199);
  });

  it('lets the store waive the ₹199 of a dearer midnight slot: changed at once, nothing to pay', async () => {
    const orderId = await paidHamper('standard');
    const waived = await changeTo(orderId, 'midnight', 'store', true);
    expect(waived.statusCode, waived.body).toBe(200);
    const { order, money } = waived.json<AdminOrderDetail>();
    expect(order.delivery).toMatchObject({ slot: 'midnight' });
    expect(order.totalAmount).toBe(850);
    expect(order.pendingAddressChange).toBeNull();
    expect(money).toMatchObject({ captured: 850, refunded: 0 });
    expect(order.events.at(-1)?.note).toContain('the ₹199 higher delivery fee waived by the store');
  });
});

/** The sandbox's hosted window paying a provider order (it sends the provider's signed webhook). */
async function payInSandbox(providerOrderId: string) {
  const paid = await store.app.inject({
    method: 'POST',
    url: `/sandbox/api/orders/${providerOrderId}/pay`,
    payload: { method: 'upi', outcome: 'success' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid;
}

/** The sandbox's window paying a provider order, and the order page's word of it. */
async function payDifference(orderId: string, providerOrderId: string, signature?: string) {
  const paid = await payInSandbox(providerOrderId);
  const signed = paid.json<{
    razorpay_payment_id: string;
    razorpay_order_id: string;
    razorpay_signature: string;
  }>();
  return store.app.inject({
    method: 'POST',
    url: '/api/payments/verify-address-change',
    headers: store.customer.headers,
    payload: { ...signed, razorpay_signature: signature ?? signed.razorpay_signature, orderId },
  });
}
const ledgerOf = async (orderId: string) =>
  store.database.db
    .select({ kind: moneyLedger.kind, paise: moneyLedger.amountPaise, reason: moneyLedger.reason })
    .from(moneyLedger)
    .where(eq(moneyLedger.orderId, orderId))
    .orderBy(moneyLedger.id);
const KORAMANGALA = { ...TEST_ADDRESS, address: '80 Feet Road, Koramangala', phone: '98450 11223' };
const askDearer = (orderId: string, as: 'customer' | 'store') =>
  store.app.inject({
    method: 'PUT',
    url: as === 'customer' ? `/api/orders/${orderId}/address` : `/api/admin/orders/${orderId}/address`,
    headers: as === 'customer' ? store.customer.headers : store.admin.headers,
    payload: { address: KORAMANGALA, delivery: { date: today, slot: 'midnight' } },
  });

describe('a dearer delivery after an address change, paid by the customer (decision 0085)', () => {
  it('holds the change until the ₹199 difference is paid in the sandbox, then moves the address, the fee row, the invoice and the ledger', async () => {
    const orderId = await paidHamper('standard');
    const asked = await askDearer(orderId, 'customer');
    expect(asked.statusCode, asked.body).toBe(202);
    const held = asked.json<OrderRecord>();
    // Nothing of the order moves before the payment.
    expect([held.totalAmount, held.delivery?.slot, held.shippingAddress.address]).toEqual([
      850,
      'standard',
      TEST_ADDRESS.address,
    ]);
    expect(held.pendingAddressChange).toMatchObject({
      address: { address: '80 Feet Road, Koramangala' },
      delivery: { date: today, slot: 'midnight' },
      difference: 199,
      requestedBy: 'customer',
      expiresAt: '2031-10-06T04:30:00.000Z',
    });
    expect(held.events.at(-1)?.note).toBe(
      'Change of delivery address to Bengaluru 560001 asked by the customer: it waits for the customer to pay ₹199 more for delivery, within 30 minutes',
    );

    const verified = await payDifference(orderId, held.pendingAddressChange?.providerOrderId ?? '');
    expect(verified.statusCode, verified.body).toBe(200);
    const paid = verified.json<OrderRecord>();
    expect(paid.pendingAddressChange).toBeNull();
    expect(paid.shippingAddress).toMatchObject({ address: '80 Feet Road, Koramangala', phone: '9845011223' });
    expect([paid.totalAmount, paid.fees.map((fee) => [fee.kind, fee.amount])]).toEqual([
      1049,
      [
        ['shipping', 50],
        ['delivery_slot', 199],
      ],
    ]);
    expect(paid.delivery).toMatchObject({ date: today, slot: 'midnight', fee: 199 });
    expect(paid.events.at(-1)?.note).toBe(
      `Delivery address changed by the customer to Bengaluru 560001, phone 9845011223; delivery ${today} (midnight); ₹199 more for delivery paid by the customer`,
    );
    expect(await ledgerOf(orderId)).toEqual([
      { kind: 'captured', paise: 85_000, reason: 'payment' },
      { kind: 'captured', paise: 19_900, reason: 'address_change' },
    ]);
    const invoice = (
      await store.app.inject({ url: `/api/orders/${orderId}/invoice`, headers: store.customer.headers })
    ).json<Invoice>();
    expect(invoice.totals.total).toBe(1049);
    expect(invoice.lines.map((line) => [line.description, line.total])).toContainEqual([
      'Midnight delivery',
      199,
    ]);

    // The refund sweep leaves both payments alone: the order is paid in full by the two.
    await store.app.payments.retryUnfinishedWork();
    expect((await detailOf(orderId)).money).toMatchObject({ captured: 1049, refunded: 0, net: 1049 });
    // The sandbox takes no second payment for the same difference.
    const again = await store.app.inject({
      method: 'POST',
      url: `/sandbox/api/orders/${held.pendingAddressChange?.providerOrderId}/pay`,
      payload: { method: 'upi', outcome: 'success' },
    });
    expect(again.statusCode).toBe(409);
  });

  it("makes the change on the provider's signed webhook alone, before the browser says a word", async () => {
    const orderId = await paidHamper('standard');
    const held = (await askDearer(orderId, 'customer')).json<OrderRecord>();
    await payInSandbox(held.pendingAddressChange?.providerOrderId ?? '');
    const { order, money } = await detailOf(orderId);
    expect([order.totalAmount, order.delivery?.slot, order.shippingAddress.address]).toEqual([
      1049,
      'midnight',
      KORAMANGALA.address,
    ]);
    expect(order.pendingAddressChange).toBeNull();
    expect(money).toMatchObject({ captured: 1049, refunded: 0, net: 1049 });
  });

  it('refuses a payment signature the provider did not make, changing nothing', async () => {
    const orderId = await paidHamper('standard');
    const held = (await askDearer(orderId, 'customer')).json<OrderRecord>();
    const forged = await store.app.inject({
      method: 'POST',
      url: '/api/payments/verify-address-change',
      headers: store.customer.headers,
      payload: {
        razorpay_order_id: held.pendingAddressChange?.providerOrderId,
        razorpay_payment_id: 'pay_forged0000000',
        razorpay_signature: 'ab'.repeat(32),
        orderId,
      },
    });
    expect(forged.statusCode).toBe(400);
    const { order, money } = await detailOf(orderId);
    expect([order.totalAmount, order.delivery?.slot, money.captured]).toEqual([850, 'standard', 850]);
    expect(order.pendingAddressChange).toMatchObject({ difference: 199 });
  });

  it('lets a change the store asked for wait for the customer, who pays its ₹199 from the order page', async () => {
    const orderId = await paidHamper('standard');
    const asked = await askDearer(orderId, 'store');
    expect(asked.statusCode, asked.body).toBe(202);
    const { order } = asked.json<AdminOrderDetail>();
    expect(order.pendingAddressChange).toMatchObject({ difference: 199, requestedBy: 'admin' });
    const mine = (
      await store.app.inject({ url: `/api/orders/${orderId}`, headers: store.customer.headers })
    ).json<OrderRecord>();
    const paid = await payDifference(orderId, mine.pendingAddressChange?.providerOrderId ?? '');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<OrderRecord>().events.at(-1)?.note).toContain(
      'Delivery address changed by the store to Bengaluru 560001',
    );
    expect((await detailOf(orderId)).money).toMatchObject({ captured: 1049, net: 1049 });
  });

  it('lets a change unpaid after 30 minutes lapse, changing nothing, and refunds in full a payment made after', async () => {
    const orderId = await paidHamper('standard');
    const held = (await askDearer(orderId, 'customer')).json<OrderRecord>();
    clock.set('2031-10-06T04:31:00.000Z');
    try {
      await store.app.orderEdits.expireAddressEdits();
      const lapsed = (
        await store.app.inject({ url: `/api/orders/${orderId}`, headers: store.customer.headers })
      ).json<OrderRecord>();
      expect(lapsed.pendingAddressChange).toBeNull();
      expect([lapsed.totalAmount, lapsed.delivery?.slot, lapsed.shippingAddress.address]).toEqual([
        850,
        'standard',
        TEST_ADDRESS.address,
      ]);
      expect(lapsed.events.at(-1)?.note).toBe(
        'The change of delivery address to Bengaluru 560001 lapsed: ₹199 was not paid within 30 minutes, so nothing changed',
      );

      const late = await payDifference(orderId, held.pendingAddressChange?.providerOrderId ?? '');
      expect([late.statusCode, late.json().message]).toEqual([409, ORDER_EDIT_MESSAGES.changeNotMade]);
      const { order, money } = await detailOf(orderId);
      expect([order.totalAmount, order.delivery?.slot]).toEqual([850, 'standard']);
      expect(money).toMatchObject({ captured: 1049, refunded: 199, net: 850 });
      expect(await ledgerOf(orderId)).toEqual([
        { kind: 'captured', paise: 85_000, reason: 'payment' },
        { kind: 'captured', paise: 19_900, reason: 'address_change' },
        { kind: 'refunded', paise: 19_900, reason: 'address_change_lapsed' },
      ]);
      expect(order.events.map((event) => event.note)).toContain(
        'The change of delivery address to Bengaluru 560001 was not made (it was not paid within 30 minutes): the ₹199 paid for it is refunded to your original payment method',
      );
    } finally {
      clock.set('2031-10-06T04:00:00.000Z');
    }
  });

  it('lets a later change supersede one waiting for payment, whose payment then goes back', async () => {
    const orderId = await paidHamper('standard');
    const held = (await askDearer(orderId, 'customer')).json<OrderRecord>();
    const plain = await store.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/address`,
      headers: store.customer.headers,
      payload: { address: { ...TEST_ADDRESS, phone: '98450 99887' } },
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json<OrderRecord>().pendingAddressChange).toBeNull();
    const late = await payDifference(orderId, held.pendingAddressChange?.providerOrderId ?? '');
    expect(late.statusCode).toBe(409);
    const { order, money } = await detailOf(orderId);
    expect([order.totalAmount, order.shippingAddress.phone, order.delivery?.slot]).toEqual([
      850,
      '9845099887',
      'standard',
    ]);
    expect(money).toMatchObject({ captured: 1049, refunded: 199, net: 850 });
  });
});
