import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SHIPPING_MESSAGES } from '../../../shared/api/courier';
import type { DispatchJobResponse } from '../../../shared/api/dispatch';
import type { OrderListResponse, OrderRecord } from '../../../shared/api/orders';
import { COD_CONFIRM_MESSAGES } from '../../../shared/cash-on-delivery';
import {
  mailOutbox,
  notificationOutbox,
  orderEvents,
  orders,
  products,
  sandboxMessages,
} from '../../db/schema';
import { orderWithNews, saveOwnerSettings } from '../../testing/cod-fixtures';
import {
  createTestProduct,
  seedPincodesWithFailingDelivery,
  type TestProduct,
} from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0064: a cash on delivery order above the owner's amount waits for a reply of YES.
const clock = createTestClock('2031-03-10T04:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false', SANDBOX_COURIER_SPEED: '60' },
  seed: seedPincodesWithFailingDelivery,
});

const HOUR = 60 * 60 * 1000;
const ownerHeaders = async () => (await store.newAdmin()).headers;

/** Cash on delivery on, and a YES asked above ₹2,000, waited for 12 hours. */
const askAbove2000 = () =>
  saveOwnerSettings(store, { codEnabled: true, codPincodes: '', codConfirmAbove: 2000, codConfirmHours: 12 });

/** A COD order of `quantity` x `product` by a shopper who ticked only e-mail for order news. */
const codOrder = (product: TestProduct, quantity: number, totalAmount: number) =>
  orderWithNews(store, {
    product,
    quantity,
    postalCode: '110001',
    paymentMethod: 'cod',
    totalAmount,
    notify: { whatsapp: false, sms: false, email: true },
  }).then((placed) => ({ ...placed, headers: placed.buyer.headers }));

const ship = async (orderId: string) =>
  store.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/shipment`,
    headers: await ownerHeaders(),
  });

const statusOf = async (orderId: string) =>
  (await store.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]
    ?.status;

const noticesOf = async (orderId: string) =>
  (
    await store.database.db
      .select({ notice: notificationOutbox.notice, channel: notificationOutbox.channel })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.orderId, orderId))
  ).map((row) => `${row.notice}:${row.channel}`);

describe('cash on delivery confirmation by a reply of YES', () => {
  it('asks a ₹2,445 order for a YES by SMS, books nothing until it comes, then books it', async () => {
    await askAbove2000();
    // 2 x ₹1,198 with free shipping, plus the ₹49 COD fee.
    const product = await createTestProduct(store.database, { priceRupees: 1198, stock: 10 });
    const order = await codOrder(product, 2, 2445);
    // The shopper ticked neither WhatsApp nor SMS: this message the order needs goes by SMS.
    expect(await noticesOf(order.orderId)).toEqual(['cod_confirm:sms']);
    await store.app.notifications.sendDue();
    const [asked] = await store.database.db
      .select({ text: sandboxMessages.text })
      .from(sandboxMessages)
      .where(and(eq(sandboxMessages.recipient, order.phone), eq(sandboxMessages.template, 'cod_confirm')));
    expect(asked?.text).toContain(
      `please reply YES to confirm your cash on delivery order ${order.orderNumber} of ₹2,445`,
    );

    const refused = await ship(order.orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(COD_CONFIRM_MESSAGES.awaitingYes);
    // Nor in the dispatch desk's booking job (decision 0077): the order fails there, saying why.
    const bulk = await store.app.inject({
      method: 'POST',
      url: '/api/admin/dispatch-jobs',
      headers: await ownerHeaders(),
      payload: { kind: 'book', orderIds: [order.orderId] },
    });
    expect(bulk.statusCode, bulk.body).toBe(202);
    while ((await store.app.dispatch.work()) > 0) {
      // next turn
    }
    const job = await store.app.inject({
      url: `/api/admin/dispatch-jobs/${bulk.json<DispatchJobResponse>().job.id}`,
      headers: await ownerHeaders(),
    });
    expect(job.json<DispatchJobResponse>().job.orders).toEqual([
      expect.objectContaining({
        orderId: order.orderId,
        state: 'failed',
        message: COD_CONFIRM_MESSAGES.awaitingYes,
      }),
    ]);

    // A YES from another number confirms nothing; the customer's own YES confirms it once.
    await store.app.messaging.sandbox.reply('9000000001', 'YES', 'sms');
    expect((await ship(order.orderId)).statusCode).toBe(409);
    await store.app.messaging.sandbox.reply(`+91 ${order.phone}`, 'Yes', 'sms');
    await store.app.messaging.sandbox.reply(order.phone, 'YES', 'sms');
    const confirmations = await store.database.db
      .select({ note: orderEvents.note })
      .from(orderEvents)
      .where(
        and(eq(orderEvents.orderId, order.orderId), eq(orderEvents.note, COD_CONFIRM_MESSAGES.confirmed)),
      );
    expect(confirmations).toHaveLength(1);
    // The order's other news follows the shopper's own ticks (e-mail only).
    expect(await noticesOf(order.orderId)).toEqual(['cod_confirm:sms']);
    const booked = await ship(order.orderId);
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it('tells the shopper the order waits for their YES, on its page, in My Orders and in the mail, never confirmed', async () => {
    await askAbove2000();
    const product = await createTestProduct(store.database, { priceRupees: 1198, stock: 10 });
    const order = await codOrder(product, 2, 2445);
    const record = async () =>
      (
        await store.app.inject({ url: `/api/orders/${order.orderId}`, headers: order.headers })
      ).json<OrderRecord>();
    const mine = async () =>
      (
        await store.app.inject({ url: '/api/orders/my-orders', headers: order.headers })
      ).json<OrderListResponse>().data;
    expect((await record()).awaitingCodYes).toBe(true);
    expect((await mine()).map((listed) => listed.awaitingCodYes)).toEqual([true]);
    const [mail] = await store.database.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text, html: mailOutbox.html })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, order.orderId), eq(mailOutbox.kind, 'order-confirmation')));
    expect(mail?.subject).toBe(`Order ${order.orderNumber}: reply YES to confirm, ₹2,445`);
    expect(mail?.text).toContain(
      `Order ${order.orderNumber} is waiting for your YES. ${COD_CONFIRM_MESSAGES.placedAwaiting}`,
    );
    const everything = `${mail?.subject} ${mail?.text} ${mail?.html}`;
    expect(everything).not.toContain(`${order.orderNumber} is confirmed`);
    expect(everything).not.toContain(`${order.orderNumber} confirmed`);

    await store.app.messaging.sandbox.reply(order.phone, 'YES', 'sms');
    expect((await record()).awaitingCodYes).toBe(false);
    expect((await mine()).map((listed) => listed.awaitingCodYes)).toEqual([false]);
  });

  it('cancels an order whose YES does not come within the owner’s hours, and never books it', async () => {
    await askAbove2000();
    const product = await createTestProduct(store.database, { priceRupees: 1198, stock: 10 });
    const order = await codOrder(product, 2, 2445);
    const stock = async () =>
      (
        await store.database.db
          .select({ stock: products.stock })
          .from(products)
          .where(eq(products.id, product.id))
      )[0]?.stock;
    expect(await stock()).toBe(8);

    clock.set(new Date(clock.now().getTime() + 11 * HOUR));
    expect(await store.app.cashOnDelivery.expireUnconfirmedCodOrders()).toBe(0);
    expect(await statusOf(order.orderId)).toBe('confirmed');

    clock.set(new Date(clock.now().getTime() + 2 * HOUR));
    expect(await store.app.cashOnDelivery.expireUnconfirmedCodOrders()).toBe(1);
    expect(await store.app.cashOnDelivery.expireUnconfirmedCodOrders()).toBe(0);
    expect(await statusOf(order.orderId)).toBe('cancelled');
    expect(await stock()).toBe(10);
    const [last] = await store.database.db
      .select({ note: orderEvents.note })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.orderId), eq(orderEvents.status, 'cancelled')));
    expect(last?.note).toBe(COD_CONFIRM_MESSAGES.notConfirmed);
    const refused = await ship(order.orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SHIPPING_MESSAGES.notShippable);
    // A YES after the cancellation changes nothing.
    await store.app.messaging.sandbox.reply(order.phone, 'YES', 'sms');
    expect(await statusOf(order.orderId)).toBe('cancelled');
  });

  it('books an order at or below the amount at once, as before', async () => {
    await askAbove2000();
    const product = await createTestProduct(store.database, { priceRupees: 1000, stock: 10 });
    // ₹1,000 with free shipping, plus the ₹49 COD fee: below ₹2,000.
    const order = await codOrder(product, 1, 1049);
    expect(await noticesOf(order.orderId)).toEqual([]);
    expect((await ship(order.orderId)).statusCode).toBe(201);
  });
});
