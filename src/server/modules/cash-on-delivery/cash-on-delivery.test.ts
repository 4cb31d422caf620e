import { and, desc, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminDashboard, AdminOrderDetail } from '../../../shared/api/admin';
import type { AdminCoupon } from '../../../shared/api/coupons';
import type { ShipmentResponse } from '../../../shared/api/courier';
import type { Invoice } from '../../../shared/api/invoices';
import type { OrderRecord } from '../../../shared/api/orders';
import type { CashOrderResponse, CodEligibility } from '../../../shared/api/payments';
import { PAYMENT_MESSAGES } from '../../../shared/api/payments';
import type { ReturnRecord } from '../../../shared/api/returns';
import { RETURN_MESSAGES } from '../../../shared/api/returns';
import {
  COD_CANCEL_MESSAGES,
  COD_MESSAGES,
  codMaxValueMessage,
  codOpenOrderMessage,
  codPincodeMessage,
} from '../../../shared/cash-on-delivery';
import { toPaise, toRupees } from '../../../shared/money';
import type { OwnerSettings, OwnerSettingsResponse } from '../../../shared/owner-settings';
import { quoteShippingPaise } from '../../../shared/shipping';
import {
  coupons,
  creditNotes,
  invoices,
  mailOutbox,
  moneyLedger,
  orders,
  products,
  sandboxMessages,
  sandboxParcels,
  shipments,
} from '../../db/schema';
import { rs } from '../../pdf-amounts';
import { courierScan } from '../../testing/courier-scans';
import {
  createTestProduct,
  type Line,
  orderBody,
  seedPincodesWithFailingDelivery,
  TEST_ADDRESS,
  type TestProduct,
} from '../../testing/order-fixtures';
import { drawnText } from '../../testing/pdf-text';
import { lastSandboxCode, type TestAccount } from '../../testing/test-accounts';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { UNDELIVERED_CREDIT_REASON } from '../invoices';
import { COD_PLACED_NOTE } from '../orders';
import { COD_CANCELLED_BY_CUSTOMER_NOTE } from './cod-service';
import { COD_RETURNED_NOTE } from './cod-settlement';

// Decision 0042: cash on delivery, from the owner's rules to the courier's delivery or return.
// Helpers first (the owner's settings, a shopper with a verified phone, placing, shipping and
// delivering an order), then four parts: the rules, an order's life, the shopper's cancel, a return.
const clock = createTestClock('2031-03-10T04:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false', SANDBOX_COURIER_SPEED: '1' },
  seed: seedPincodesWithFailingDelivery,
});

const DAY = 24 * 60 * 60 * 1000;
const FEE = 49;

// The clock moves on by days, past any one session: each back-office call signs in afresh.
const ownerHeaders = async () => (await store.newAdmin()).headers;

async function setCod(changes: Partial<OwnerSettings>) {
  const headers = await ownerHeaders();
  const current = await store.app.inject({ url: '/api/admin/settings', headers });
  const { settings } = current.json<OwnerSettingsResponse>();
  const saved = await store.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers,
    payload: { ...settings, codEnabled: true, codPincodes: '', ...changes },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

let phoneCounter = 0;
/** A shopper whose mobile is verified the way the address form does it: a one-time code. */
async function shopperWithPhone(): Promise<TestAccount & { phone: string }> {
  const account = await store.newCustomer();
  phoneCounter += 1;
  const phone = `98${String(76_500_000 + phoneCounter).padStart(8, '0')}`;
  const remoteAddress = `203.0.113.${phoneCounter}`;
  const asked = await store.app.inject({
    method: 'POST',
    url: '/api/auth/phone/request',
    headers: account.headers,
    payload: { phone },
    remoteAddress,
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const code = await lastSandboxCode(store.database, phone);
  const verified = await store.app.inject({
    method: 'POST',
    url: '/api/account/phone',
    headers: account.headers,
    payload: { phone, code },
    remoteAddress,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return { ...account, phone };
}

/** What the shopper sees with cash on delivery: items and shipping, plus the fee. */
const codTotal = (lines: readonly Line[]) => {
  const subtotal = lines.reduce((sum, line) => sum + line.product.pricePaise * line.quantity, 0);
  return toRupees(subtotal + quoteShippingPaise(subtotal).shippingFeePaise + toPaise(FEE));
};

function placeCod(
  headers: Record<string, string>,
  lines: readonly Line[],
  options: { postalCode?: string; idempotencyKey?: string; totalAmount?: number; extra?: object } = {},
) {
  return store.app.inject({
    method: 'POST',
    url: '/api/payments/create-order',
    headers: { ...headers, ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}) },
    payload: {
      ...orderBody(lines, {
        totalAmount: options.totalAmount ?? codTotal(lines),
        shippingAddress: { ...TEST_ADDRESS, postalCode: options.postalCode ?? '110001' },
      }),
      paymentMethod: 'cod',
      ...options.extra,
    },
  });
}

const eligibility = async (headers: Record<string, string>, lines: readonly Line[], pincode = '110001') => {
  const response = await store.app.inject({
    method: 'POST',
    url: '/api/payments/cod-eligibility',
    headers,
    payload: { items: orderBody(lines).items, pincode },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CodEligibility>();
};

const orderRow = async (orderId: string) =>
  (await store.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const stockOf = async (product: TestProduct) =>
  (
    await store.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id))
  )[0]?.stock;
const codLines = (orderId: string) =>
  store.database.db
    .select()
    .from(moneyLedger)
    .where(and(eq(moneyLedger.orderId, orderId), eq(moneyLedger.kind, 'cod_collected')));

async function ship(orderId: string) {
  const response = await store.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/shipment`,
    headers: await ownerHeaders(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ShipmentResponse>().shipment;
}

/** The courier's tracking webhook, as the sandbox courier posts it. */
const courierPosts = (payload: ReturnType<typeof courierScan>) =>
  store.app.inject({
    method: 'POST',
    url: '/api/shipping/webhook',
    headers: { 'x-api-key': store.app.sandboxCourier?.token ?? '' },
    payload,
  });

let couponCounter = 0;
/** A ₹100-off coupon that can be used once in all. */
async function singleUseCoupon(): Promise<AdminCoupon> {
  couponCounter += 1;
  const created = await store.app.inject({
    method: 'POST',
    url: '/api/admin/coupons',
    headers: await ownerHeaders(),
    payload: { code: `CODONCE${couponCounter}`, kind: 'flat', value: 100, usageLimit: 1 },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ coupon: AdminCoupon }>().coupon;
}
/** The owner moves the order to delivered by hand, step by step; their headers, for what follows. */
async function deliverByHand(orderId: string) {
  const headers = await ownerHeaders();
  for (const status of ['processing', 'packed', 'shipped', 'out_for_delivery', 'delivered']) {
    const moved = await store.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/status`,
      headers,
      payload: { status, note: '' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return headers;
}

const couponUses = async (coupon: AdminCoupon) =>
  (await store.database.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]?.usedCount;

async function placedCod(options: { postalCode?: string; quantity?: number; coupon?: AdminCoupon } = {}) {
  const product = await createTestProduct(store.database, { priceRupees: 400, stock: 10 });
  const buyer = await shopperWithPhone();
  const lines = [{ product, quantity: options.quantity ?? 2 }];
  const response = await placeCod(buyer.headers, lines, {
    ...options,
    ...(options.coupon
      ? {
          totalAmount: codTotal(lines) - options.coupon.value,
          extra: { couponCode: options.coupon.code },
        }
      : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...response.json<CashOrderResponse>(), buyer, product, lines };
}

describe('cash on delivery rules', () => {
  it('is not offered until the owner turns it on, and create-order refuses it', async () => {
    const product = await createTestProduct(store.database);
    const buyer = await shopperWithPhone();
    const lines = [{ product, quantity: 1 }];
    expect(await eligibility(buyer.headers, lines)).toMatchObject({ offered: false, available: false });
    const refused = await placeCod(buyer.headers, lines);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(COD_MESSAGES.off);
  });

  it("is in the public settings as the owner's switch, for the payment page to hold its place", async () => {
    const offered = async () => (await store.app.inject({ url: '/api/config' })).json().cashOnDelivery;
    expect(await offered()).toBe(false);
    await setCod({});
    expect(await offered()).toBe(true);
    await setCod({ codEnabled: false });
    expect(await offered()).toBe(false);
  });

  it('offers it with the fee, and refuses an order over the maximum value with the same words', async () => {
    await setCod({ codMaxOrderValue: 3000, codFee: FEE });
    const buyer = await shopperWithPhone();
    const cheap = [{ product: await createTestProduct(store.database, { priceRupees: 1000 }), quantity: 3 }];
    // ₹3,000 of items ship free: exactly the maximum is allowed.
    expect(await eligibility(buyer.headers, cheap)).toEqual({
      offered: true,
      available: true,
      reason: null,
      needsPhone: false,
      fee: 49,
      totalWithFee: 3049,
    });
    const dear = [{ product: await createTestProduct(store.database, { priceRupees: 1001 }), quantity: 3 }];
    const answer = await eligibility(buyer.headers, dear);
    expect(answer).toMatchObject({ available: false, reason: codMaxValueMessage(300_000) });
    const refused = await placeCod(buyer.headers, dear);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Cash on delivery is for orders up to ₹3,000. Please pay online.');
  });

  it('is only for the pincodes the owner lists', async () => {
    await setCod({ codPincodes: '560, 400005' });
    const buyer = await shopperWithPhone();
    const lines = [{ product: await createTestProduct(store.database), quantity: 1 }];
    expect((await eligibility(buyer.headers, lines, '560001')).available).toBe(true);
    expect(await eligibility(buyer.headers, lines, '110001')).toMatchObject({
      available: false,
      reason: codPincodeMessage('110001'),
    });
    const refused = await placeCod(buyer.headers, lines, { postalCode: '110001' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(codPincodeMessage('110001'));
    await setCod({ codPincodes: '' });
  });

  it('refuses pre-orders, personalised items and quotes', async () => {
    const buyer = await shopperWithPhone();
    const soldOut = await createTestProduct(store.database, { stock: 0, allowPreOrder: true });
    const preOrder = [{ product: soldOut, quantity: 1, inStock: false, allowPreOrder: true }];
    expect((await eligibility(buyer.headers, preOrder)).reason).toBe(COD_MESSAGES.preOrder);
    const refusedPreOrder = await placeCod(buyer.headers, preOrder);
    expect(refusedPreOrder.statusCode).toBe(409);
    expect(refusedPreOrder.json().message).toBe(COD_MESSAGES.preOrder);

    const tag = await createTestProduct(store.database, { priceRupees: 250 });
    const made = await store.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${tag.id}`,
      headers: await ownerHeaders(),
      payload: { personalisation: { fields: [{ label: 'Name on tag', maxLength: 20, required: true }] } },
    });
    expect(made.statusCode, made.body).toBe(200);
    const personalised = {
      productId: tag.id,
      quantity: 1,
      personalisation: { text: { 'Name on tag': 'Asha' } },
    };
    const refusedPersonalised = await placeCod(buyer.headers, [{ product: tag, quantity: 1 }], {
      extra: { items: [personalised] },
    });
    expect(refusedPersonalised.statusCode).toBe(409);
    expect(refusedPersonalised.json().message).toBe(COD_MESSAGES.personalised);

    const quote = await store.app.inject({
      method: 'POST',
      url: '/api/quotes/00000000-0000-4000-8000-000000000000/payment',
      headers: buyer.headers,
      payload: { paymentMethod: 'cod' },
    });
    expect(quote.statusCode).toBe(409);
    expect(quote.json().message).toBe(COD_MESSAGES.quote);
  });

  it('needs a mobile verified by a one-time code', async () => {
    const unverified = await store.newCustomer();
    const lines = [{ product: await createTestProduct(store.database), quantity: 1 }];
    expect(await eligibility(unverified.headers, lines)).toMatchObject({
      available: false,
      needsPhone: true,
      reason: COD_MESSAGES.phone,
    });
    const refused = await placeCod(unverified.headers, lines);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(COD_MESSAGES.phone);
    expect(await store.database.db.$count(orders, eq(orders.userId, unverified.user.id))).toBe(0);
  });

  it('holds one open order per verified phone, even when two are sent at once', async () => {
    const product = await createTestProduct(store.database, { stock: 10 });
    const buyer = await shopperWithPhone();
    const lines = [{ product, quantity: 1 }];
    const [first, second] = await Promise.all([
      placeCod(buyer.headers, lines, { idempotencyKey: 'first' }),
      placeCod(buyer.headers, lines, { idempotencyKey: 'second' }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const placed = (first.statusCode === 200 ? first : second).json<CashOrderResponse>();
    const refused = (first.statusCode === 200 ? second : first).json();
    expect(refused.message).toBe(codOpenOrderMessage(placed.orderNumber));
    expect((await eligibility(buyer.headers, lines)).reason).toBe(codOpenOrderMessage(placed.orderNumber));
    // Paying online is still open to them.
    expect((await eligibility(buyer.headers, lines)).offered).toBe(true);
  });
});

describe('a cash on delivery order', () => {
  it('is confirmed at once with the fee in its total, holds its stock without expiry, and replays', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 400, stock: 10 });
    const buyer = await shopperWithPhone();
    const lines = [{ product, quantity: 2 }];
    const response = await placeCod(buyer.headers, lines, { idempotencyKey: 'cod-once' });
    expect(response.statusCode, response.body).toBe(200);
    const placed = response.json<CashOrderResponse>();
    // ₹800 of items, ₹50 shipping and the ₹49 fee; no provider order.
    expect(placed).toEqual({
      paymentMethod: 'cod',
      orderId: placed.orderId,
      orderNumber: placed.orderNumber,
      totalAmount: 899,
    });
    expect(await orderRow(placed.orderId)).toMatchObject({
      status: 'confirmed',
      paymentMethod: 'cod',
      subtotalPaise: 80_000,
      totalPaise: 89_900,
      expiresAt: null,
      paidAt: null,
      providerOrderId: null,
    });
    expect(await stockOf(product)).toBe(8);
    // The shopper's confirmation says what to keep ready; nothing claims a payment was received.
    const [mail] = await store.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, placed.orderId), eq(mailOutbox.kind, 'order-confirmation')));
    expect(mail?.text).toContain('Please keep ₹899 ready: you pay in cash when it is delivered');
    expect(mail?.text).toContain('Cash on delivery fee: ₹49');
    expect(mail?.text).not.toContain('payment was received');

    const record = await store.app.inject({ url: `/api/orders/${placed.orderId}`, headers: buyer.headers });
    const order = record.json<OrderRecord>();
    expect(order.cashOnDelivery).toEqual({ fee: 49, toCollect: 899, collected: false });
    // Decision 0072: the fee is a charge of its own beside shipping, no longer inside it.
    expect(order.fees).toEqual([
      { kind: 'shipping', label: 'Shipping', amount: 50 },
      { kind: 'cash_on_delivery', label: 'Cash on delivery fee', amount: 49 },
    ]);
    expect(order.shippingCost).toBe(99);
    expect(order.events.map((event) => [event.status, event.note])).toEqual([['confirmed', COD_PLACED_NOTE]]);

    const again = await placeCod(buyer.headers, lines, { idempotencyKey: 'cod-once' });
    expect(again.json()).toEqual(placed);
    const online = await store.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: { ...buyer.headers, 'idempotency-key': 'cod-once' },
      payload: { ...orderBody(lines), paymentMethod: 'online' },
    });
    expect(online.statusCode).toBe(409);
    expect(online.json().message).toBe(PAYMENT_MESSAGES.idempotencyKeyReused);

    // Hours later it still holds its stock: the expiry sweep is for orders waiting for payment.
    clock.set(new Date(clock.now().getTime() + 6 * 60 * 60 * 1000));
    await store.app.orders.expireOverdueOrders();
    expect((await orderRow(placed.orderId)).status).toBe('confirmed');
    expect(await stockOf(product)).toBe(8);
  });

  it('tells the shopper on WhatsApp and SMS what to pay on delivery, once, never that it is paid', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 400, stock: 10 });
    const buyer = await shopperWithPhone();
    const lines = [{ product, quantity: 2 }];
    const response = await placeCod(buyer.headers, lines, {
      extra: { notify: { whatsapp: true, sms: true, email: true, phone: buyer.phone } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const placed = response.json<CashOrderResponse>();

    await store.app.notifications.sendDue(100);
    await store.app.notifications.sendDue(100);
    const sent = await store.database.db
      .select()
      .from(sandboxMessages)
      .where(and(eq(sandboxMessages.recipient, buyer.phone), ne(sandboxMessages.template, 'otp')))
      .orderBy(sandboxMessages.id);
    expect(sent.map((message) => [message.channel, message.template])).toEqual([
      ['whatsapp', 'order_placed_cod'],
      ['sms', 'order_placed_cod'],
    ]);
    const [message] = sent;
    expect(message?.params.slice(0, 3)).toEqual([buyer.user.fullName, placed.orderNumber, '₹899']);
    expect(message?.params[3]).toContain(`/order-confirmation/${placed.orderId}`);
    expect(message?.text).toContain('Please keep ₹899 ready to pay in cash on delivery');
    expect(message?.text).not.toContain('paid.');
  });

  it('books the courier with the cash to collect, is invoiced at dispatch, and becomes paid exactly once when delivered', async () => {
    const placed = await placedCod();
    const shipment = await ship(placed.orderId);
    // Booked and packed, still at the store: no supply yet, so no invoice.
    expect(await store.database.db.$count(invoices, eq(invoices.orderId, placed.orderId))).toBe(0);
    const [parcel] = await store.database.db
      .select()
      .from(sandboxParcels)
      .where(eq(sandboxParcels.awb, shipment.awb));
    expect(parcel?.booking).toMatchObject({ codRupees: 899 });
    const headers = await ownerHeaders();
    const slip = await store.app.inject({ url: `/api/admin/orders/${placed.orderId}`, headers });
    expect(slip.json<AdminOrderDetail>().money.codToCollect).toBe(899);
    expect(
      (await store.app.inject({ url: '/api/admin/dashboard', headers })).json<AdminDashboard>().work
        .codToCollect,
    ).toBeGreaterThanOrEqual(899);

    // CGST s.31(1)(a): the invoice is issued when the goods leave, in the one series, unpaid.
    const pickedUp = await courierPosts(courierScan(shipment.awb, 'picked_up', '2031-03-10 12:00:00'));
    expect(pickedUp.statusCode, pickedUp.body).toBe(200);
    expect((await orderRow(placed.orderId)).paidAt).toBeNull();
    const [atDispatch] = await store.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, placed.orderId));
    expect(atDispatch?.number).toMatch(/^UG\/\d{2}-\d{2}\/\d{6}$/);
    expect(atDispatch?.data).toMatchObject({ cashOnDelivery: { payable: 899 }, totals: { total: 899 } });
    expect(drawnText(await store.app.invoices.pdfOf(atDispatch!.data as Invoice))).toContain(
      'Payment: cash on delivery, Rs. 899.00 payable to the courier on delivery',
    );

    clock.set(new Date(clock.now().getTime() + 10 * DAY));
    await store.app.moveSandboxParcels();
    const row = await orderRow(placed.orderId);
    expect(row.status).toBe('delivered');
    expect(row.paidAt).not.toBeNull();
    expect((await codLines(placed.orderId)).map((line) => [line.amountPaise, line.reason])).toEqual([
      [89_900, 'cod'],
    ]);
    const [invoice] = await store.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, placed.orderId));
    // The invoice of the dispatch stands: delivery only collects the cash.
    expect(invoice?.number).toBe(atDispatch?.number);
    expect(invoice?.issuedAt).toEqual(atDispatch?.issuedAt);
    const invoiceLines = (invoice!.data as { lines: { description: string; total: number }[] }).lines;
    expect(invoiceLines.slice(-2)).toEqual([
      expect.objectContaining({ description: 'Shipping', total: 50 }),
      expect.objectContaining({ description: 'Cash on delivery fee', total: 49 }),
    ]);

    // The courier says it again: still one collection, one invoice.
    const delivered = await courierPosts(courierScan(shipment.awb, 'delivered', '2031-03-25 10:00:00'));
    expect(delivered.statusCode).toBe(200);
    expect(await codLines(placed.orderId)).toHaveLength(1);
    expect(await store.database.db.$count(invoices, eq(invoices.orderId, placed.orderId))).toBe(1);

    const dashboard = (
      await store.app.inject({ url: '/api/admin/dashboard', headers: await ownerHeaders() })
    ).json<AdminDashboard>();
    // Decision 0067: collected at the door, the cash is with the courier until it remits it.
    expect(dashboard.work.codWithCourier).toBeGreaterThanOrEqual(899);
    expect(dashboard.work.rtoRate).not.toBeNull();
  });

  it('is cancelled, restocked and its coupon use given back once when the courier brings it back (RTO)', async () => {
    const coupon = await singleUseCoupon();
    const placed = await placedCod({ postalCode: '110011', quantity: 3, coupon });
    expect(await stockOf(placed.product)).toBe(7);
    expect(await couponUses(coupon)).toBe(1);
    const shipment = await ship(placed.orderId);
    clock.set(new Date(clock.now().getTime() + 10 * DAY));
    await store.app.moveSandboxParcels();
    clock.set(new Date(clock.now().getTime() + 10 * DAY));
    await store.app.moveSandboxParcels();
    const row = await orderRow(placed.orderId);
    expect(row).toMatchObject({ status: 'cancelled', paidAt: null });
    expect(await stockOf(placed.product)).toBe(10);
    expect(await codLines(placed.orderId)).toEqual([]);
    const events = await store.app.inject({
      url: `/api/admin/orders/${placed.orderId}`,
      headers: await ownerHeaders(),
    });
    const detail = events.json<AdminOrderDetail>();
    expect(detail.order.events.at(-1)).toMatchObject({ status: 'cancelled', note: COD_RETURNED_NOTE });
    expect(detail.money.codToCollect).toBe(0);
    // CGST s.34: the invoice issued at dispatch is credited in whole, though no money moved.
    const invoice = await store.app.invoices.forAdmin(placed.orderId);
    const credited = async () =>
      store.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, placed.orderId));
    const [note] = await credited();
    expect(note?.ledgerId).toBeNull();
    expect(note?.data).toMatchObject({
      creditNote: { invoiceNumber: invoice.number, reason: UNDELIVERED_CREDIT_REASON },
      totals: { total: invoice.totals.total },
    });
    expect(drawnText(Buffer.from((await store.app.invoices.creditNotePdf(note!.id)).pdf))).toContain(
      `Amount credited: ${rs(invoice.totals.total)}`,
    );
    // The register of the month files both: the invoice (B2C) and its credit note.
    const month = invoice.issuedAt.slice(0, 7);
    const register = await store.app.inject({
      url: `/api/admin/reports/sales-register.csv?month=${month}`,
      headers: await ownerHeaders(),
    });
    expect(register.statusCode, register.body).toBe(200);
    // A B2C invoice under ₹2.5 lakh is filed in the month's B2CS summary, and its note in
    // cdn-b2cs with the note's own figures.
    const credit = (note!.data as Invoice).totals;
    const section = (name: string) =>
      register.body.split(/\r\n\r\n/).find((part) => part.startsWith(`${name}\r\n`));
    expect(section('b2cs')).toContain(`,${invoice.placeOfSupply.stateCode}-`);
    expect(section('cdn-b2cs')).toContain(`,${credit.taxableValue.toFixed(2)},${credit.igst.toFixed(2)},`);

    // The return's last scan again changes nothing.
    const again = await courierPosts(courierScan(shipment.awb, 'rto_delivered', '2031-04-15 10:00:00'));
    expect(again.statusCode).toBe(200);
    expect(await stockOf(placed.product)).toBe(10);
    expect(await couponUses(coupon)).toBe(0);
    expect((await orderRow(placed.orderId)).status).toBe('cancelled');
    expect(await credited()).toHaveLength(1);
  });

  it("tells a gift's recipient it is on its way when the courier picks it up, once", async () => {
    const product = await createTestProduct(store.database, { priceRupees: 400, stock: 10 });
    const buyer = await shopperWithPhone();
    const lines = [{ product, quantity: 1 }];
    const response = await placeCod(buyer.headers, lines, {
      extra: {
        giftOptions: { message: 'Happy birthday!', hidePrices: true, recipientEmail: 'meera@example.com' },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const placed = response.json<CashOrderResponse>();
    const giftMails = () =>
      store.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.orderId, placed.orderId), eq(mailOutbox.kind, 'gift-on-its-way')));
    expect(await giftMails()).toEqual([]);

    await ship(placed.orderId);
    expect(await giftMails()).toEqual([]);
    clock.set(new Date(clock.now().getTime() + 10 * DAY));
    await store.app.moveSandboxParcels();
    expect((await orderRow(placed.orderId)).status).toBe('delivered');
    const mails = await giftMails();
    expect(mails.map((mail) => [mail.recipient, mail.subject])).toEqual([
      ['meera@example.com', 'A gift is on its way'],
    ]);
    expect(mails[0]?.text).not.toContain('₹');
  });

  it('becomes paid when the owner marks it delivered by hand', async () => {
    const placed = await placedCod();
    const headers = await deliverByHand(placed.orderId);
    const detail = (
      await store.app.inject({ url: `/api/admin/orders/${placed.orderId}`, headers })
    ).json<AdminOrderDetail>();
    expect(detail.order.paidAt).not.toBeNull();
    expect(detail.order.cashOnDelivery).toEqual({ fee: 49, toCollect: 899, collected: true });
    expect(detail.money).toMatchObject({ codToCollect: 0, net: 899 });
    expect(detail.order.invoiceNumber).not.toBeNull();
  });
});

describe("the shopper's cancel of a cash on delivery order", () => {
  const cancel = (orderId: string, headers: Record<string, string>) =>
    store.app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel`, headers });

  it('restocks, gives the coupon back and cancels the courier booking once, when sent twice at once', async () => {
    const coupon = await singleUseCoupon();
    const placed = await placedCod({ quantity: 3, coupon });
    const shipment = await ship(placed.orderId);
    expect((await orderRow(placed.orderId)).status).toBe('packed');
    expect(await stockOf(placed.product)).toBe(7);

    const answers = await Promise.all([
      cancel(placed.orderId, placed.buyer.headers),
      cancel(placed.orderId, placed.buyer.headers),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().message).toBe(COD_CANCEL_MESSAGES.alreadyCancelled);
    const record = answers.find((answer) => answer.statusCode === 200)!.json<OrderRecord>();
    expect(record.status).toBe('cancelled');
    expect(record.events.at(-1)).toMatchObject({ status: 'cancelled', note: COD_CANCELLED_BY_CUSTOMER_NOTE });
    expect(await stockOf(placed.product)).toBe(10);
    expect(await couponUses(coupon)).toBe(0);
    const [booking] = await store.database.db
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, placed.orderId));
    expect(booking).toMatchObject({ status: 'cancelled' });
    expect(booking?.cancelledAt).not.toBeNull();
    const [parcel] = await store.database.db
      .select()
      .from(sandboxParcels)
      .where(eq(sandboxParcels.awb, shipment.awb));
    expect(parcel?.cancelledAt).not.toBeNull();
    // No open COD order is left in the way of the next one.
    expect((await eligibility(placed.buyer.headers, placed.lines)).available).toBe(true);
  });

  it('cancels a confirmed order with no booking, and refuses once the courier has picked it up', async () => {
    const confirmed = await placedCod();
    const cancelled = await cancel(confirmed.orderId, confirmed.buyer.headers);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf(confirmed.product)).toBe(10);

    const placed = await placedCod();
    const shipment = await ship(placed.orderId);
    const pickedUp = await courierPosts(courierScan(shipment.awb, 'picked_up', '2031-03-10 12:00:00'));
    expect(pickedUp.statusCode, pickedUp.body).toBe(200);

    const refused = await cancel(placed.orderId, placed.buyer.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(COD_CANCEL_MESSAGES.tooLate);
    expect((await orderRow(placed.orderId)).status).not.toBe('cancelled');
    expect(await stockOf(placed.product)).toBe(8);
    expect((await cancel(placed.orderId, (await shopperWithPhone()).headers)).statusCode).toBe(404);
  });
});

describe('a return of a delivered cash on delivery order (decision 0043)', () => {
  it('is owed by UPI or bank transfer, not the provider, until the owner marks it paid with a reference, once', async () => {
    const placed = await placedCod();
    const headers = await deliverByHand(placed.orderId);
    const requested = await store.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.orderId}/returns`,
      headers: placed.buyer.headers,
      payload: { items: [{ productId: placed.product.id, quantity: 1 }], reason: 'The lamp arrived cracked' },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const returnId = requested.json<{ return: ReturnRecord }>().return.id;

    const approved = await store.app.inject({
      method: 'POST',
      url: `/api/admin/returns/${returnId}/approve`,
      headers,
      payload: { note: '' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // Decision 0066: the refund is owed once the lamp is back and checked.
    const received = await store.app.inject({
      method: 'POST',
      url: `/api/admin/returns/${returnId}/received`,
      headers,
      payload: { note: '' },
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json<{ return: ReturnRecord }>().return).toMatchObject({
      status: 'approved',
      refundAmount: 400,
      refundMethod: 'transfer',
      refundPaidAt: null,
      refundReference: null,
    });
    const refundLines = () =>
      store.database.db
        .select()
        .from(moneyLedger)
        .where(and(eq(moneyLedger.orderId, placed.orderId), eq(moneyLedger.kind, 'refunded')));
    // Nothing has moved yet: the ledger and the dashboard's revenue still hold the cash collected.
    expect(await refundLines()).toEqual([]);
    const [told] = await store.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, placed.orderId), eq(mailOutbox.kind, 'order-return')))
      .orderBy(desc(mailOutbox.id));
    expect(told?.text).toContain('We will send your refund of ₹400 by UPI or bank transfer');
    expect(told?.text).not.toContain('original payment method');

    const markPaid = (reference: string) =>
      store.app.inject({
        method: 'POST',
        url: `/api/admin/returns/${returnId}/refund-paid`,
        headers,
        payload: { reference },
      });
    expect((await markPaid('   ')).statusCode).toBe(400);
    const paid = await markPaid('UPI 412345678901');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<{ return: ReturnRecord }>().return).toMatchObject({
      refundReference: 'UPI 412345678901',
    });
    expect(paid.json<{ return: ReturnRecord }>().return.refundPaidAt).not.toBeNull();
    const again = await markPaid('UPI 412345678901');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RETURN_MESSAGES.alreadyPaid);

    expect((await refundLines()).map((line) => [line.amountPaise, line.reason, line.providerRef])).toEqual([
      [40_000, 'return', 'UPI 412345678901'],
    ]);
    expect(await store.database.db.$count(creditNotes, eq(creditNotes.orderId, placed.orderId))).toBe(1);
    const detail = (
      await store.app.inject({ url: `/api/admin/orders/${placed.orderId}`, headers })
    ).json<AdminOrderDetail>();
    expect(detail.money).toMatchObject({ refunded: 400, net: 499 });
    // In the order they were queued: PostgreSQL returns rows unordered without it.
    const mails = await store.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, placed.orderId), eq(mailOutbox.kind, 'order-return')))
      .orderBy(mailOutbox.id);
    expect(mails.at(-1)?.text).toContain(
      'We have sent your refund of ₹400 by UPI or bank transfer (reference UPI 412345678901)',
    );
  });
});
