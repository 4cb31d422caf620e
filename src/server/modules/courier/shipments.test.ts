import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminCategory, AdminCategoryList } from '../../../shared/api/admin';
import type {
  OrderTrackingResponse,
  ShipmentResponse,
  ShipmentState,
  TrackResponse,
} from '../../../shared/api/courier';
import { SHIPPING_MESSAGES } from '../../../shared/api/courier';
import {
  mailOutbox,
  orderEvents,
  orders,
  products,
  sandboxParcels,
  shipmentEvents,
  shipments,
} from '../../db/schema';
import { SANDBOX_COURIER_READS_PER_10_MINUTES } from '../../services';
import { courierScan } from '../../testing/courier-scans';
import {
  createTestProduct,
  payOrder,
  placeOrder,
  seedPincodesWithFailingDelivery,
  TEST_ADDRESS,
  type TestProduct,
} from '../../testing/order-fixtures';
import { registerTestAdmin } from '../../testing/test-accounts';
import { createTestApp, createTestClock } from '../../testing/test-app';
import { openSecondConnection, TWO_INSTANCES_ON } from '../../testing/test-database';
import { setUpTestStore, type TestStore } from '../../testing/test-store';
import { newAwb, SANDBOX_COURIER_NAME } from '../courier-providers';

const clock = createTestClock('2031-03-10T04:00:00.000Z');
const TOKEN = randomBytes(24).toString('base64url');
const env = { BACKGROUND_JOBS: 'false', SANDBOX_COURIER_SPEED: '1', SANDBOX_COURIER_TOKEN: TOKEN };
const store = setUpTestStore({
  clock,
  env,
  seed: seedPincodesWithFailingDelivery,
});

const DAY = 24 * 60 * 60 * 1000;

async function paidOrder(
  options: { postalCode?: string; product?: TestProduct; quantity?: number } = {},
  on: TestStore = store,
) {
  const product = options.product ?? (await createTestProduct(on.database, { stock: 10 }));
  const buyer = await on.newCustomer();
  const address = { ...TEST_ADDRESS, postalCode: options.postalCode ?? '110001' };
  const created = await placeOrder(on.app, buyer.headers, [{ product, quantity: options.quantity ?? 2 }], {
    address,
  });
  await payOrder(on.app, buyer.headers, created);
  return { ...created, buyer, product, email: buyer.user.email };
}

// The tests move the clock on by days, past any one session: each admin call signs in afresh.
const adminHeaders = async (on: TestStore = store) => (await on.newAdmin()).headers;

const ship = async (orderId: string, on: TestStore = store) =>
  on.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/shipment`,
    headers: await adminHeaders(on),
  });

async function shipped(orderId: string, on: TestStore = store) {
  const response = await ship(orderId, on);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ShipmentResponse>().shipment;
}

const post = (payload: Record<string, unknown>, token = TOKEN, app = store.app) =>
  app.inject({ method: 'POST', url: '/api/shipping/webhook', headers: { 'x-api-key': token }, payload });

const statusOf = async (orderId: string, on: TestStore = store) =>
  (await on.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]
    ?.status;

const statusLines = async (orderId: string) =>
  (
    await store.database.db
      .select({ status: orderEvents.status })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(orderEvents.id)
  ).map((row) => row.status);

const stockOf = async (product: TestProduct, on: TestStore = store) =>
  (
    await on.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id))
  )[0]?.stock;

const eventCount = async (awb: string, on: TestStore = store) => {
  const [shipment] = await on.database.db.select().from(shipments).where(eq(shipments.awb, awb));
  return (
    await on.database.db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipment!.id))
  ).length;
};

describe('POST /api/admin/orders/:id/shipment', () => {
  it('books a paid order with the sandbox courier: AWB, courier, label with the parcel, order packed', async () => {
    const order = await paidOrder();
    const shipment = await shipped(order.orderId);
    expect(shipment).toMatchObject({
      courier: SANDBOX_COURIER_NAME,
      status: 'booked',
      labelUrl: `/api/admin/orders/${order.orderId}/shipment/label`,
    });
    // Not guessable: 14 random characters (a sequence and 3 digits fell to 900 guesses).
    expect(shipment.awb).toMatch(/^SBX[A-Z2-9]{14}$/);
    expect(shipment.expectedDelivery).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await statusOf(order.orderId)).toBe('packed');
    expect(await statusLines(order.orderId)).toEqual([
      'pending',
      'paid',
      'confirmed',
      'processing',
      'packed',
    ]);

    // Two units of the default parcel (300 g, 20 x 15 x 10 cm) in the medium box (30 x 25 x 15 cm,
    // 200 g empty): the smallest of the built-in boxes that holds them (decision 0077).
    const [row] = await store.database.db
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, order.orderId));
    expect(row).toMatchObject({ weightGrams: 800, lengthCm: 30, breadthCm: 25, heightCm: 15 });

    const label = await store.app.inject({ url: shipment.labelUrl, headers: await adminHeaders() });
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const again = await ship(order.orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SHIPPING_MESSAGES.alreadyShipped);
  });

  it('uses the weight and size the owner set on the product, and refuses impossible ones', async () => {
    const product = await createTestProduct(store.database, { stock: 10 });
    const headers = await adminHeaders();
    const edit = (payload: Record<string, number | null>) =>
      store.app.inject({ method: 'PATCH', url: `/api/admin/products/${product.id}`, headers, payload });
    const bad = await edit({ weightGrams: 0, heightCm: 500 });
    expect(bad.statusCode).toBe(400);
    const saved = await edit({ weightGrams: 1200, lengthCm: 30, breadthCm: 20, heightCm: 12 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().product).toMatchObject({
      weightGrams: 1200,
      lengthCm: 30,
      breadthCm: 20,
      heightCm: 12,
    });

    const order = await paidOrder({ product, quantity: 1 });
    await shipped(order.orderId);
    const [row] = await store.database.db
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, order.orderId));
    expect(row).toMatchObject({ weightGrams: 1200, lengthCm: 30, breadthCm: 20, heightCm: 12 });
  });

  it('books a product without its own figures with its category’s parcel, as the owner sets it', async () => {
    const product = await createTestProduct(store.database, { stock: 10, category: 'Festive Hampers' });
    const headers = await adminHeaders();
    const list = await store.app.inject({ url: '/api/admin/categories', headers });
    const category = list.json<AdminCategoryList>().data.find((each) => each.slug === 'festive-hampers')!;
    expect(category.parcel).toBeNull();
    const proposed = async (orderId: string) =>
      (
        await store.app.inject({ url: `/api/admin/orders/${orderId}/shipment`, headers })
      ).json<ShipmentState>().proposedParcel;

    // No figures of its own and none set for the category: the built-in hamper box.
    const first = await paidOrder({ product, quantity: 1 });
    expect(await proposed(first.orderId)).toEqual({
      weightGrams: 1500,
      lengthCm: 35,
      breadthCm: 25,
      heightCm: 15,
    });

    const edit = (parcel: Record<string, unknown> | null) =>
      store.app.inject({
        method: 'PATCH',
        url: `/api/admin/categories/${category.id}`,
        headers,
        payload: { parcel },
      });
    const refused = await edit({ weightGrams: 60_000, lengthCm: 30, breadthCm: 0, heightCm: 12 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: { path: string; message: string }[] }>().errors).toEqual([
      { path: 'parcel.weightGrams', message: 'Enter the weight in whole grams, 1 to 50,000' },
      { path: 'parcel.breadthCm', message: 'Enter the breadth in whole centimetres, 1 to 200' },
    ]);
    const saved = await edit({ weightGrams: 2200, lengthCm: 40, breadthCm: 30, heightCm: 18 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ category: AdminCategory }>().category.parcel).toEqual({
      weightGrams: 2200,
      lengthCm: 40,
      breadthCm: 30,
      heightCm: 18,
    });

    // The owner's figures take effect at once, for an order placed before the change too.
    expect(await proposed(first.orderId)).toEqual({
      weightGrams: 2200,
      lengthCm: 40,
      breadthCm: 30,
      heightCm: 18,
    });
    const second = await paidOrder({ product, quantity: 2 });
    await shipped(second.orderId);
    const [row] = await store.database.db
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, second.orderId));
    // Two of them in the extra-large box (50 x 40 x 35 cm, 500 g empty), decision 0077.
    expect(row).toMatchObject({ weightGrams: 4900, lengthCm: 50, breadthCm: 40, heightCm: 35 });

    // Cleared, the category ships as the built-in box again.
    expect((await edit(null)).json<{ category: AdminCategory }>().category.parcel).toBeNull();
    expect(await proposed(first.orderId)).toEqual({
      weightGrams: 1500,
      lengthCm: 35,
      breadthCm: 25,
      heightCm: 15,
    });
  });

  it('books the parcel as the owner weighed and measured it, within the shared limits', async () => {
    const order = await paidOrder();
    const headers = await adminHeaders();
    const before = await store.app.inject({ url: `/api/admin/orders/${order.orderId}/shipment`, headers });
    expect(before.json<ShipmentState>()).toEqual({
      shipment: null,
      failedDelivery: null,
      awaitingCodYes: false,
      // Two units of the default parcel in the medium box: what the dialog starts from.
      proposedParcel: { weightGrams: 800, lengthCm: 30, breadthCm: 25, heightCm: 15 },
      refusedScans: [],
    });
    const book = (parcel: Record<string, unknown>) =>
      store.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.orderId}/shipment`,
        headers,
        payload: { parcel },
      });

    const refused = await book({ weightGrams: 0, lengthCm: 30, breadthCm: 20, heightCm: 500 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: { path: string; message: string }[] }>().errors).toEqual([
      { path: 'parcel.weightGrams', message: 'Enter the weight in whole grams, 1 to 50,000' },
      { path: 'parcel.heightCm', message: 'Enter the height in whole centimetres, 1 to 200' },
    ]);
    expect(await statusOf(order.orderId)).toBe('paid');

    const booked = await book({ weightGrams: 1750, lengthCm: 32, breadthCm: 24, heightCm: 14 });
    expect(booked.statusCode, booked.body).toBe(201);
    const [row] = await store.database.db
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, order.orderId));
    expect(row).toMatchObject({ weightGrams: 1750, lengthCm: 32, breadthCm: 24, heightCm: 14 });
  });

  it('refuses an unpaid order and answers 401 to a shopper', async () => {
    const product = await createTestProduct(store.database);
    const buyer = await store.newCustomer();
    const created = await placeOrder(store.app, buyer.headers, [{ product, quantity: 1 }]);
    const unpaid = await ship(created.orderId);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe(SHIPPING_MESSAGES.notShippable);
    const asShopper = await store.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${created.orderId}/shipment`,
      headers: buyer.headers,
    });
    expect(asShopper.statusCode).toBe(403);
  });
});

describe('POST /api/shipping/webhook', () => {
  it('stores a repeated event once and moves the order once', async () => {
    const order = await paidOrder();
    const { awb } = await shipped(order.orderId);
    const picked = courierScan(awb, 'picked_up', '2031-03-10 14:00:00');
    expect((await post(picked)).json()).toEqual({ received: true });
    expect((await post(picked)).json()).toEqual({ received: false });
    expect(await eventCount(awb)).toBe(1);
    expect(await statusLines(order.orderId)).toEqual([
      'pending',
      'paid',
      'confirmed',
      'processing',
      'packed',
      'shipped',
    ]);
  });

  it('takes events out of order: a late scan never moves the order back', async () => {
    const order = await paidOrder();
    const { awb } = await shipped(order.orderId);
    await post(courierScan(awb, 'delivered', '2031-03-12 15:00:00', 'Delivered', 'New Delhi'));
    expect(await statusOf(order.orderId)).toBe('delivered');
    await post(courierScan(awb, 'out_for_delivery', '2031-03-12 09:00:00'));
    await post(courierScan(awb, 'picked_up', '2031-03-10 14:00:00'));
    expect(await statusOf(order.orderId)).toBe('delivered');
    expect(await eventCount(awb)).toBe(3);
    expect((await statusLines(order.orderId)).slice(4)).toEqual([
      'packed',
      'shipped',
      'out_for_delivery',
      'delivered',
    ]);
  });

  it("keeps a scan the order's status machine refuses apart: the shipment and its public timeline stay", async () => {
    const order = await paidOrder();
    const { awb } = await shipped(order.orderId);
    await post(courierScan(awb, 'delivered', '2031-03-12 15:00:00', 'Delivered', 'New Delhi'));
    const tracking = async () =>
      (
        await store.app.inject({
          url: '/api/track',
          query: { orderNumber: order.orderNumber, contact: TEST_ADDRESS.phone },
        })
      ).json<TrackResponse>().order;
    const before = await tracking();

    const late = await post(
      courierScan(awb, 'rto_delivered', '2031-03-13 11:00:00', 'RTO delivered', 'Bengaluru'),
    );
    expect(late.statusCode).toBe(200);

    expect(await statusOf(order.orderId)).toBe('delivered');
    const [shipment] = await store.database.db.select().from(shipments).where(eq(shipments.awb, awb));
    expect(shipment?.status).toBe('delivered');
    expect(await tracking()).toEqual(before);
    const state = (
      await store.app.inject({
        url: `/api/admin/orders/${order.orderId}/shipment`,
        headers: await adminHeaders(),
      })
    ).json<ShipmentState>();
    expect(state.refusedScans).toEqual([
      expect.objectContaining({ kind: 'rto_delivered', activity: 'RTO delivered', location: 'Bengaluru' }),
    ]);
  });

  it('answers 401 to a wrong token and changes nothing', async () => {
    const order = await paidOrder();
    const { awb } = await shipped(order.orderId);
    const response = await post(
      courierScan(awb, 'picked_up', '2031-03-10 14:00:00'),
      'not-the-courier-token-at-all',
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(SHIPPING_MESSAGES.badWebhookToken);
    const noToken = await store.app.inject({
      method: 'POST',
      url: '/api/shipping/webhook',
      payload: courierScan(awb, 'picked_up', '2031-03-10 14:00:00'),
    });
    expect(noToken.statusCode).toBe(401);
    expect(await eventCount(awb)).toBe(0);
    expect(await statusOf(order.orderId)).toBe('packed');
  });

  it(`two instances taking the same event at once store it and move the order once (${TWO_INSTANCES_ON})`, async () => {
    const order = await paidOrder();
    const { awb } = await shipped(order.orderId);
    const secondDatabase = await openSecondConnection(store.database);
    const second = await createTestApp(secondDatabase, { clock, env });
    try {
      const event = courierScan(awb, 'picked_up', '2031-03-10 14:00:00');
      const answers = await Promise.all([
        post(event),
        post(event, TOKEN, second),
        post(event),
        post(event, TOKEN, second),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      expect(answers.filter((answer) => answer.json().received)).toHaveLength(1);
      expect(await eventCount(awb)).toBe(1);
      expect((await statusLines(order.orderId)).filter((status) => status === 'shipped')).toHaveLength(1);
    } finally {
      await second.close();
      await secondDatabase.close();
    }
  });
});

describe('status mails when the courier moves an order', () => {
  const statusMails = async (orderId: string) =>
    (
      await store.database.db
        .select({ subject: mailOutbox.subject, text: mailOutbox.text, recipient: mailOutbox.recipient })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.kind, 'order-status')))
        .orderBy(mailOutbox.id)
    ).filter((mail) => !mail.subject.endsWith('Paid'));

  it(`mails shipped with its tracking link and delivered once each, also when two instances take the scan (${TWO_INSTANCES_ON})`, async () => {
    const order = await paidOrder();
    const { awb } = await shipped(order.orderId);
    // Booking walks the order to packed, which is no news by mail.
    expect(await statusMails(order.orderId)).toEqual([]);

    const secondDatabase = await openSecondConnection(store.database);
    const second = await createTestApp(secondDatabase, { clock, env });
    try {
      const picked = courierScan(awb, 'picked_up', '2031-03-10 14:00:00', 'Picked up', 'Okhla');
      await Promise.all([post(picked), post(picked, TOKEN, second), post(picked, TOKEN, second)]);
    } finally {
      await second.close();
      await secondDatabase.close();
    }
    const [shippedMail, ...others] = await statusMails(order.orderId);
    expect(others).toEqual([]);
    expect(shippedMail).toMatchObject({
      recipient: order.email,
      subject: `Order ${order.orderNumber}: Shipped`,
    });
    expect(shippedMail?.text).toContain(
      `Track your parcel: http://localhost:3000/track?orderNumber=${order.orderNumber}`,
    );

    // Out for delivery is no mail; delivered is, with the tracking link; a repeat mails nothing.
    await post(courierScan(awb, 'out_for_delivery', '2031-03-12 09:00:00'));
    const delivered = courierScan(awb, 'delivered', '2031-03-12 15:00:00', 'Delivered', 'New Delhi');
    await post(delivered);
    await post(delivered);
    const mails = await statusMails(order.orderId);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Order ${order.orderNumber}: Shipped`,
      `Order ${order.orderNumber}: Delivered`,
    ]);
    expect(mails[1]?.text).toContain(`/track?orderNumber=${order.orderNumber}`);
  });

  it("mails a failed delivery with the link to the order's page that takes the answer", async () => {
    const order = await paidOrder();
    const { awb } = await shipped(order.orderId);
    await post(courierScan(awb, 'undelivered', '2031-03-12 18:00:00', 'Customer not available', 'New Delhi'));
    expect(await statusOf(order.orderId)).toBe('failed_delivery');
    const [failed] = await statusMails(order.orderId);
    expect(failed?.subject).toBe(`Order ${order.orderNumber}: Delivery Failed`);
    expect(failed?.text).toContain(
      `Choose a new delivery date or correct the address and phone: http://localhost:3000/order-confirmation/${order.orderId}`,
    );
  });
});

describe('the sandbox courier', () => {
  // A database of their own: the sandbox's clock sends the due scans of every parcel in it, and ten
  // days on it sent the 20 of the parcels the tests above booked and left in the cancel test's time
  // (its CPU 882 ms with them, 288 ms without, on PGlite).
  const sandboxStore = setUpTestStore({ clock, env, seed: seedPincodesWithFailingDelivery });

  it('moves a parcel on its clock to delivered, and /track shows the timeline without prices', async () => {
    const order = await paidOrder({}, sandboxStore);
    const { awb } = await shipped(order.orderId, sandboxStore);
    clock.set(new Date(clock.now().getTime() + 10 * DAY));
    await sandboxStore.app.moveSandboxParcels();
    expect(await statusOf(order.orderId, sandboxStore)).toBe('delivered');

    const tracked = await sandboxStore.app.inject({
      url: '/api/track',
      query: { orderNumber: order.orderNumber.toLowerCase(), contact: '+91 98765-43210' },
    });
    expect(tracked.statusCode).toBe(200);
    const body = tracked.json<TrackResponse>();
    expect(body.order).toMatchObject({
      number: order.orderNumber,
      status: 'delivered',
      courier: SANDBOX_COURIER_NAME,
      awb,
    });
    expect(body.order.events.map((event) => event.kind)).toEqual([
      'picked_up',
      'in_transit',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);
    expect(tracked.body).not.toMatch(/price|amount|total|₹/i);

    const byEmail = await sandboxStore.app.inject({
      url: '/api/track',
      query: { orderNumber: order.orderNumber, contact: order.email.toUpperCase() },
    });
    expect(byEmail.statusCode).toBe(200);

    const own = await sandboxStore.app.inject({
      url: `/api/orders/${order.orderId}/tracking`,
      headers: order.buyer.headers,
    });
    expect(own.json<OrderTrackingResponse>().tracking).toMatchObject({ awb, failedDelivery: null });
  });

  it('cancels before pickup with the courier, and not once the parcel is picked up', async () => {
    const order = await paidOrder({}, sandboxStore);
    const shipment = await shipped(order.orderId, sandboxStore);
    const cancelled = await sandboxStore.app.inject({
      method: 'DELETE',
      url: `/api/admin/orders/${order.orderId}/shipment`,
      headers: await adminHeaders(sandboxStore),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<ShipmentResponse>().shipment.status).toBe('cancelled');
    expect(await statusOf(order.orderId, sandboxStore)).toBe('packed');
    // The sandbox dropped the parcel: its clock sends nothing for it.
    clock.set(new Date(clock.now().getTime() + 10 * DAY));
    await sandboxStore.app.moveSandboxParcels();
    expect(await eventCount(shipment.awb, sandboxStore)).toBe(0);

    const again = await shipped(order.orderId, sandboxStore);
    expect(again.awb).not.toBe(shipment.awb);
    expect(
      (await post(courierScan(again.awb, 'picked_up', '2031-03-20 11:00:00'), TOKEN, sandboxStore.app))
        .statusCode,
    ).toBe(200);
    const late = await sandboxStore.app.inject({
      method: 'DELETE',
      url: `/api/admin/orders/${order.orderId}/shipment`,
      headers: await adminHeaders(sandboxStore),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(SHIPPING_MESSAGES.pickedUp);
  });

  it('answers one 404 for a wrong order number or a wrong contact', async () => {
    const order = await paidOrder({}, sandboxStore);
    const wrongContact = await sandboxStore.app.inject({
      url: '/api/track',
      query: { orderNumber: order.orderNumber, contact: '9123456789' },
    });
    const wrongNumber = await sandboxStore.app.inject({
      url: '/api/track',
      query: { orderNumber: 'RG-1', contact: '9876543210' },
    });
    for (const response of [wrongContact, wrongNumber]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(SHIPPING_MESSAGES.trackNotFound);
    }
  });

  it('fails a delivery at a documented pincode, returns it to origin and restocks once', async () => {
    const order = await paidOrder({ postalCode: '110011', quantity: 3 }, sandboxStore);
    const before = await stockOf(order.product, sandboxStore);
    // What the storefront says, answered from its cache once read.
    const shownStock = async () =>
      (await sandboxStore.app.inject({ url: `/api/products/${order.product.id}` })).json<{
        product: { stock: number };
      }>().product.stock;
    expect(await shownStock()).toBe(before);
    const { awb } = await shipped(order.orderId, sandboxStore);
    clock.set(new Date(clock.now().getTime() + 5 * DAY));
    await sandboxStore.app.moveSandboxParcels();
    expect(await statusOf(order.orderId, sandboxStore)).toBe('failed_delivery');
    const own = await sandboxStore.app.inject({
      url: `/api/orders/${order.orderId}/tracking`,
      headers: order.buyer.headers,
    });
    expect(own.json<OrderTrackingResponse>().tracking?.failedDelivery).toMatchObject({
      reason: 'Customer not available',
      answered: false,
    });

    // Unanswered: the courier's default applies (RTO), and the units come back once.
    clock.set(new Date(clock.now().getTime() + 5 * DAY));
    await sandboxStore.app.moveSandboxParcels();
    expect(await statusOf(order.orderId, sandboxStore)).toBe('returned');
    expect(await stockOf(order.product, sandboxStore)).toBe(before! + 3);
    // The units are on sale again at once, not when the cached answer expires.
    expect(await shownStock()).toBe(before! + 3);
    const [last] = await sandboxStore.database.db
      .select()
      .from(shipmentEvents)
      .innerJoin(shipments, eq(shipments.id, shipmentEvents.shipmentId))
      .where(and(eq(shipments.awb, awb), eq(shipmentEvents.kind, 'rto_delivered')));
    expect(last).toBeDefined();
    const again = courierScan(awb, 'rto_delivered', '2031-03-30 10:00:00');
    await post(again, TOKEN, sandboxStore.app);
    await post(again, TOKEN, sandboxStore.app);
    expect(await stockOf(order.product, sandboxStore)).toBe(before! + 3);
  });

  it('sends the shopper’s new attempt date to the courier, which then delivers', async () => {
    const order = await paidOrder({ postalCode: '110011' }, sandboxStore);
    await shipped(order.orderId, sandboxStore);
    clock.set(new Date(clock.now().getTime() + 5 * DAY));
    await sandboxStore.app.moveSandboxParcels();
    expect(await statusOf(order.orderId, sandboxStore)).toBe('failed_delivery');
    const { tracking } = (
      await sandboxStore.app.inject({
        url: `/api/orders/${order.orderId}/tracking`,
        headers: order.buyer.headers,
      })
    ).json<OrderTrackingResponse>();
    const answer = (payload: Record<string, string>) =>
      sandboxStore.app.inject({
        method: 'POST',
        url: `/api/orders/${order.orderId}/delivery-answer`,
        headers: order.buyer.headers,
        payload,
      });
    const tooLate = await answer({ kind: 'reattempt', date: '2040-01-01' });
    expect(tooLate.statusCode).toBe(400);
    const answered = await answer({ kind: 'reattempt', date: tracking!.failedDelivery!.earliestDate });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<OrderTrackingResponse>().tracking?.failedDelivery?.answered).toBe(true);
    expect(
      (await answer({ kind: 'fix_address', address: '14 MG Road', phone: '9876543210' })).statusCode,
    ).toBe(409);

    clock.set(new Date(clock.now().getTime() + 3 * DAY));
    await sandboxStore.app.moveSandboxParcels();
    expect(await statusOf(order.orderId, sandboxStore)).toBe('delivered');
  });

  it("limits reads of the sandbox courier's labels and tracking per address, with 429 and Retry-After", async () => {
    const address = '203.0.113.77';
    const guess = () =>
      sandboxStore.app.inject({
        url: `/sandbox/courier/labels/${newAwb()}.pdf?key=${'0'.repeat(32)}`,
        remoteAddress: address,
      });
    for (let read = 1; read <= SANDBOX_COURIER_READS_PER_10_MINUTES; read++) {
      expect((await guess()).statusCode).toBe(404);
    }
    const refused = await guess();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const tracking = await sandboxStore.app.inject({
      url: `/sandbox/courier/v1/external/courier/track/awb/${newAwb()}`,
      remoteAddress: address,
    });
    expect(tracking.statusCode).toBe(429);
    // Another address still reads.
    expect(
      (
        await sandboxStore.app.inject({
          url: `/sandbox/courier/labels/${newAwb()}.pdf`,
          remoteAddress: '192.0.2.77',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('draws labels in the worker pool: past its time limit the booking answers 503, nothing drawn on the event loop', async () => {
    const slow = await createTestApp(sandboxStore.database, {
      clock,
      env: { ...env, PDF_TIME_LIMIT_MS: '1' },
    });
    try {
      const order = await paidOrder({}, sandboxStore);
      const admin = await registerTestAdmin(slow, sandboxStore.database);
      const response = await slow.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.orderId}/shipment`,
        headers: admin.headers,
      });
      // The pool's refusal reaches the store as the courier's failure: no label, no booking.
      expect(response.statusCode, response.body).toBe(503);
      const [booked] = await sandboxStore.database.db
        .select()
        .from(shipments)
        .where(eq(shipments.orderId, order.orderId));
      expect(booked).toBeUndefined();
    } finally {
      await slow.close();
    }
  });

  it('serves Shiprocket’s API behind its token, and holds scans until the store knows the AWB', async () => {
    const api = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, token?: string) =>
      sandboxStore.app.inject({
        method,
        url: `/sandbox/courier/v1/external${url}`,
        ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
        ...(payload ? { payload } : {}),
      });
    const refused = await api('POST', '/auth/login', {
      email: 'sandbox@courier.test',
      password: 'wrong-password-here',
    });
    expect(refused.statusCode).toBe(401);
    const login = await api('POST', '/auth/login', { email: 'sandbox@courier.test', password: TOKEN });
    const { token } = login.json<{ token: string }>();
    expect((await api('POST', '/orders/create/adhoc', {})).statusCode).toBe(401);

    const adhoc = {
      order_id: 'EXT-1',
      order_date: '2031-03-10 11:00',
      pickup_location: 'Primary',
      billing_customer_name: 'Asha',
      billing_last_name: 'Rao',
      billing_address: '12 MG Road',
      billing_city: 'New Delhi',
      billing_state: 'Delhi',
      billing_pincode: '110001',
      billing_phone: '9876543210',
      weight: 0.5,
      length: 20,
      breadth: 15,
      height: 10,
    };
    // As Shiprocket does, an order without the customer's State is refused.
    for (const billing_state of ['', '  ']) {
      const refused = await api('POST', '/orders/create/adhoc', { ...adhoc, billing_state }, token);
      expect(refused.statusCode).toBe(422);
    }
    const { billing_state: _, ...withoutState } = adhoc;
    expect((await api('POST', '/orders/create/adhoc', withoutState, token)).statusCode).toBe(422);
    const created = await api('POST', '/orders/create/adhoc', adhoc, token);
    expect(created.statusCode).toBe(200);
    const { shipment_id: shipmentId } = created.json<{ shipment_id: number }>();
    const assigned = await api('POST', '/courier/assign/awb', { shipment_id: shipmentId }, token);
    const awb = assigned.json<{ response: { data: { awb_code: string } } }>().response.data.awb_code;
    expect(
      (await api('POST', '/courier/generate/pickup', { shipment_id: [shipmentId] }, token)).statusCode,
    ).toBe(200);
    const label = await api('POST', '/courier/generate/label', { shipment_id: [shipmentId] }, token);
    const labelUrl = new URL(label.json<{ label_url: string }>().label_url);
    const pdf = await sandboxStore.app.inject({ url: `${labelUrl.pathname}${labelUrl.search}` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // The label names the recipient: without its key it is not there.
    expect((await sandboxStore.app.inject({ url: labelUrl.pathname })).statusCode).toBe(404);

    // The store never saved this AWB: its scans wait instead of being lost.
    clock.set(new Date(clock.now().getTime() + 2 * 60 * 60 * 1000 + 60 * 1000));
    await sandboxStore.app.moveSandboxParcels();
    const [parcel] = await sandboxStore.database.db
      .select()
      .from(sandboxParcels)
      .where(eq(sandboxParcels.awb, awb));
    expect(parcel?.sent).toEqual([]);
    const tracked = await api('GET', `/courier/track/awb/${awb}`, undefined, token);
    expect(tracked.json<{ tracking_data: { etd: string } }>().tracking_data.etd).toMatch(
      /^\d{4}-\d{2}-\d{2} /,
    );
  });
});
