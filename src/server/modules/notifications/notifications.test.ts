import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminDashboard } from '../../../shared/api/admin';
import type { AuthResponse } from '../../../shared/api/auth';
import type { AdminMessages } from '../../../shared/api/messaging';
import type { CartRestoreAnswer, CheckoutCartAnswer, OptOutAnswer } from '../../../shared/api/notifications';
import type { OrderRecord } from '../../../shared/api/orders';
import type { CreateOrderResponse } from '../../../shared/api/payments';
import type { CreatedQuoteResponse } from '../../../shared/api/quotes';
import type { AccountConsents, MarketingChoice } from '../../../shared/consents';
import { deliveryPromise } from '../../../shared/delivery-promise';
import { OPT_OUT_PATH } from '../../../shared/notification-links';
import type { NotifyConsentInput } from '../../../shared/notifications';
import type { StoreSettings } from '../../../shared/store-settings';
import {
  cartReminders,
  checkoutCarts,
  consents,
  mailOutbox,
  notificationOptOuts,
  notificationOutbox,
  orders,
  products,
} from '../../db/schema';
import { moveOrderAlong, STEPS_TO_DELIVERED } from '../../testing/admin-fixtures';
import {
  createTestProduct,
  type Line,
  orderBody,
  payOrder,
  seedPincodes,
  TEST_ADDRESS,
} from '../../testing/order-fixtures';
import { type TestAccount, verifyTestPhone } from '../../testing/test-accounts';
import { createTestApp, createTestClock } from '../../testing/test-app';
import { openSecondConnection, TWO_INSTANCES_ON } from '../../testing/test-database';
import { setUpTestStore } from '../../testing/test-store';

// Order news on WhatsApp and SMS through the messenger's sandbox, opt-outs, and carts
// that come back; Status e-mails only for what matters.

const clock = createTestClock('2031-05-04T05:00:00.000Z');
const PUBLIC_URL = 'https://shop.example.in';
const ENV = { BACKGROUND_JOBS: 'false', PUBLIC_URL };
const store = setUpTestStore({ clock, env: ENV, seed: seedPincodes, admin: true });

const advance = (ms: number) => clock.set(new Date(clock.now().getTime() + ms));
const MINUTE = 60 * 1000;

let phoneCounter = 0;
/** A fresh mobile per test, so one test's opt-outs and messages never meet another's. */
const newPhone = () => {
  phoneCounter += 1;
  return `98${String(Date.now() % 1_000_000).padStart(6, '0')}${String(phoneCounter).padStart(2, '0')}`;
};

async function placeWith(
  shopper: TestAccount,
  lines: Line[],
  extra: {
    notify?: NotifyConsentInput;
    marketing?: MarketingChoice;
    giftOptions?: unknown;
    address?: typeof TEST_ADDRESS;
  } = {},
): Promise<CreateOrderResponse> {
  const body = orderBody(lines, extra.address ? { shippingAddress: extra.address } : {});
  const response = await store.app.inject({
    method: 'POST',
    url: '/api/payments/create-order',
    headers: shopper.headers,
    payload: {
      ...body,
      ...(extra.notify ? { notify: extra.notify } : {}),
      ...(extra.marketing ? { marketing: extra.marketing } : {}),
      ...(extra.giftOptions ? { giftOptions: extra.giftOptions } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CreateOrderResponse>();
}

const rowsOf = (orderId: string) =>
  store.database.db
    .select()
    .from(notificationOutbox)
    .where(eq(notificationOutbox.orderId, orderId))
    .orderBy(notificationOutbox.id);

const summary = async (orderId: string) =>
  (await rowsOf(orderId)).map((row) => `${row.notice}:${row.channel}:${row.recipient}`);

/** How many cart reminders an order's checkout got. */
const reminded = (orderId: string) =>
  store.database.db.$count(cartReminders, eq(cartReminders.orderId, orderId));

/**
 * What the messenger's sandbox holds for a number, newest first (the back office's Messages API):
 * its order news, and with `codes` its sign-in codes too.
 */
async function sandboxMessagesTo(phone: string, { codes = false } = {}) {
  const response = await store.app.inject({ url: '/api/admin/messages', headers: store.admin.headers });
  expect(response.statusCode).toBe(200);
  return response
    .json<AdminMessages>()
    .data.filter((message) => message.to === phone && (codes || message.template !== 'otp'));
}

const tokenIn = (text: string, path: string) => {
  const match = new RegExp(`${PUBLIC_URL}${path.replace('?', '\\?')}([^\\s]+)`).exec(text);
  if (!match?.[1]) throw new Error(`No ${path} link in: ${text}`);
  return decodeURIComponent(match[1]);
};

/** Decision 0062: the offers (marketing) a shopper ticked at checkout. */
const OFFERS_ON_WHATSAPP: MarketingChoice = { whatsapp: true, sms: false, email: false };

/** Gives or withdraws a consent from the account page's Messages section (one tap). */
async function setConsent(
  shopper: TestAccount,
  change: { purpose: 'order_updates' | 'marketing'; channel: 'whatsapp' | 'sms' | 'email'; given: boolean },
) {
  const response = await store.app.inject({
    method: 'PUT',
    url: '/api/notifications/consents',
    headers: shopper.headers,
    payload: change,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AccountConsents>();
}

/** Decision 0054: order news by phone goes only to the account's verified mobile. */
const verifyPhone = (shopper: TestAccount, phone: string) =>
  verifyTestPhone(store.app, store.database, shopper, phone);

let ipCounter = 0;
/** A shopper who signed up with a code sent to `phone`: an account with no e-mail address. */
async function signUpByPhone(phone: string): Promise<TestAccount> {
  ipCounter += 1;
  const remoteAddress = `203.0.113.${ipCounter}`;
  const asked = await store.app.inject({
    method: 'POST',
    url: '/api/auth/otp/request',
    payload: { phone },
    remoteAddress,
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const [code] = (await sandboxMessagesTo(phone, { codes: true })).filter(
    (message) => message.template === 'otp',
  );
  const verified = await store.app.inject({
    method: 'POST',
    url: '/api/auth/otp/verify',
    payload: { phone, code: code?.params[0], fullName: 'Meera Iyer', adult: true },
    remoteAddress,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const { user, token } = verified.json<AuthResponse>();
  expect(user.email).toBe('');
  return { user, token, password: '', headers: { authorization: `Bearer ${token}` } };
}

describe('order news on WhatsApp and SMS', () => {
  it('sends only on the channels the shopper ticked, only for the events that matter', async () => {
    const shopper = await store.newCustomer();
    const phone = newPhone();
    await verifyPhone(shopper, phone);
    const product = await createTestProduct(store.database, { name: 'Brass Diya Set', stock: 10 });
    const created = await placeWith(shopper, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: false, email: false, phone },
    });
    expect(await summary(created.orderId)).toEqual([]);

    await payOrder(store.app, shopper.headers, created);
    await moveOrderAlong(store.app, store.admin.headers, created.orderId, STEPS_TO_DELIVERED.slice(1));

    const number = created.orderNumber;
    expect(await summary(created.orderId)).toEqual([
      `order_placed:whatsapp:${phone}`,
      `order_shipped:whatsapp:${phone}`,
      `out_for_delivery:whatsapp:${phone}`,
      `order_delivered:whatsapp:${phone}`,
    ]);

    // E-mail unticked: the receipt (confirmation) still goes, the news (shipped, delivered) does not.
    const mails = await store.database.db
      .select({ kind: mailOutbox.kind, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, created.orderId));
    expect(mails.map((mail) => mail.kind)).toEqual(['order-confirmation']);

    const result = await store.app.notifications.sendDue(100);
    expect(result.failed).toBe(0);
    const sent = await sandboxMessagesTo(phone);
    expect(sent.map((message) => message.template).sort()).toEqual(
      ['order_delivered', 'order_placed', 'order_shipped', 'out_for_delivery'].sort(),
    );
    expect(sent.every((message) => message.channel === 'whatsapp')).toBe(true);
    const shipped = sent.find((message) => message.template === 'order_shipped')!;
    expect(shipped.text).toContain(`${PUBLIC_URL}/track?orderNumber=${number}`);
    expect(shipped.params).toContain(`${PUBLIC_URL}/track?orderNumber=${number}`);
    const placed = sent.find((message) => message.template === 'order_placed')!;
    expect(placed.text).toContain(number);
    expect(placed.text).toContain('Reply STOP');
    // Decision 0068: the message makes the promise the order's page makes, in the same words.
    const record = (
      await store.app.inject({ url: `/api/orders/${created.orderId}`, headers: shopper.headers })
    ).json<OrderRecord>();
    const promise = deliveryPromise({ ...record, hasPreOrder: false });
    expect(promise).toMatch(/^Expected delivery by \d+ \w+ 2031 to Bengaluru/);
    expect(placed.text).toContain(`${promise}.`);
    expect(shipped.text).toContain(`${promise}.`);
    for (const row of await rowsOf(created.orderId)) {
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    }

    // The provider's delivery reports come back through the webhook code and move the rows on.
    await store.app.messaging.sandbox.reportDeliveries();
    expect((await rowsOf(created.orderId)).map((row) => row.status)).toEqual([
      'delivered',
      'delivered',
      'delivered',
      'delivered',
    ]);
  });

  it('mails the customer the status changes that matter, not one per click', async () => {
    const shopper = await store.newCustomer();
    const phone = newPhone();
    await verifyPhone(shopper, phone);
    const product = await createTestProduct(store.database, { stock: 10 });
    const created = await placeWith(shopper, [{ product, quantity: 1 }], {
      notify: { whatsapp: false, sms: true, email: true, phone },
    });
    await payOrder(store.app, shopper.headers, created);
    await moveOrderAlong(store.app, store.admin.headers, created.orderId, STEPS_TO_DELIVERED.slice(1));
    const mails = await store.database.db
      .select({ kind: mailOutbox.kind, subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, created.orderId))
      .orderBy(mailOutbox.id);
    expect(mails.map((mail) => mail.subject.replace(/^Order \S+: /, ''))).toEqual([
      expect.stringContaining('confirmed'),
      'Shipped',
      'Delivered',
    ]);
    expect(mails[1]!.text).toContain(`${PUBLIC_URL}/track?orderNumber=`);
    expect((await rowsOf(created.orderId)).map((row) => row.channel)).toEqual(['sms', 'sms', 'sms', 'sms']);

    // E-mail unticked at checkout: the payment's receipt still comes, its news does not, even once
    // a later checkout ticked e-mail again (an order's own ticks choose its news).
    const unticked = await placeWith(shopper, [{ product, quantity: 1 }], {
      notify: { whatsapp: false, sms: true, email: false, phone },
    });
    await placeWith(shopper, [{ product, quantity: 2 }], {
      notify: { whatsapp: false, sms: true, email: true, phone },
    });
    await payOrder(store.app, shopper.headers, unticked);
    await moveOrderAlong(store.app, store.admin.headers, unticked.orderId, STEPS_TO_DELIVERED.slice(1));
    const receipts = await store.database.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, unticked.orderId));
    expect(receipts.map((mail) => mail.subject.replace(/^Order \S+: /, ''))).toEqual([
      expect.stringContaining('confirmed'),
    ]);
  });

  it(`sends each message once when two instances run the worker at the same time (${TWO_INSTANCES_ON})`, async () => {
    const shopper = await store.newCustomer();
    const phone = newPhone();
    await verifyPhone(shopper, phone);
    const product = await createTestProduct(store.database, { stock: 20 });
    const orderIds: string[] = [];
    for (let index = 0; index < 3; index++) {
      const created = await placeWith(shopper, [{ product, quantity: 1 }], {
        notify: { whatsapp: true, sms: true, email: false, phone },
      });
      await payOrder(store.app, shopper.headers, created);
      orderIds.push(created.orderId);
    }
    const second = await openSecondConnection(store.database);
    const secondApp = await createTestApp(second, { clock, env: ENV });
    try {
      await Promise.all([
        store.app.notifications.sendDue(100),
        secondApp.notifications.sendDue(100),
        store.app.notifications.sendDue(100),
      ]);
      // And a second write of the same news (a retried transaction, a replayed event) adds no row.
      const sent = await sandboxMessagesTo(phone);
      expect(sent).toHaveLength(6);
      expect(new Set(sent.map((message) => `${message.channel}:${message.text}`)).size).toBe(6);
      for (const orderId of orderIds) {
        expect((await rowsOf(orderId)).map((row) => [row.status, row.attempts])).toEqual([
          ['sent', 1],
          ['sent', 1],
        ]);
      }
    } finally {
      await secondApp.close();
      await second.close();
    }
  });

  it('retries a failed send with back-off and leaves the order alone', async () => {
    const shopper = await store.newCustomer();
    const phone = newPhone();
    await verifyPhone(shopper, phone);
    const product = await createTestProduct(store.database, { stock: 10 });
    const created = await placeWith(shopper, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: false, email: false, phone },
    });
    await payOrder(store.app, shopper.headers, created);
    const failingConnection = await openSecondConnection(store.database);
    const failing = await createTestApp(failingConnection, {
      clock,
      // A real WhatsApp provider that cannot be reached: every send fails.
      env: {
        ...ENV,
        WHATSAPP_PROVIDER: 'cloud-api',
        WHATSAPP_API_URL: 'http://127.0.0.1:9',
        WHATSAPP_PHONE_NUMBER_ID: '1234567890',
        WHATSAPP_ACCESS_TOKEN: 'test-access-token-0123456789',
        WHATSAPP_APP_SECRET: 'test-app-secret-0123456789',
        WHATSAPP_VERIFY_TOKEN: 'test-verify-token-0123456789',
      },
    });
    try {
      await failing.notifications.sendDue(100);
      const [row] = await rowsOf(created.orderId);
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row!.lastError).not.toBeNull();
      expect(row!.nextAttemptAt.getTime() - clock.now().getTime()).toBe(MINUTE);
      // Not due yet: the working instance leaves it until the pause is over, then sends it.
      await store.app.notifications.sendDue(100);
      expect((await rowsOf(created.orderId))[0]!.attempts).toBe(1);
      advance(MINUTE);
      await store.app.notifications.sendDue(100);
      expect((await rowsOf(created.orderId))[0]).toMatchObject({
        status: 'sent',
        attempts: 2,
        lastError: null,
      });
    } finally {
      await failing.close();
      await failingConnection.close();
    }
    const order = await store.app.inject({ url: `/api/orders/${created.orderId}`, headers: shopper.headers });
    expect(order.json().status).toBe('paid');
  });

  it('tells a gift recipient it is on its way when it ships and delivered when delivered, on WhatsApp, with no price', async () => {
    const shopper = await store.newCustomer();
    const shopperPhone = newPhone();
    await verifyPhone(shopper, shopperPhone);
    const recipientPhone = newPhone();
    const product = await createTestProduct(store.database, {
      name: 'Silver Rakhi',
      stock: 10,
      priceRupees: 1234,
    });
    const created = await placeWith(shopper, [{ product, quantity: 2 }], {
      notify: { whatsapp: true, sms: false, email: true, phone: shopperPhone, giftRecipient: true },
      giftOptions: { message: 'Happy Rakhi!', hidePrices: true },
      address: { ...TEST_ADDRESS, fullName: 'Kavya Rao', phone: recipientPhone },
    });
    const templatesToRecipient = async () => {
      await store.app.notifications.sendDue(100);
      return (await sandboxMessagesTo(recipientPhone)).map((message) => message.template).sort();
    };

    // Paid, confirmed and packed: nothing has left yet, so the recipient hears nothing.
    await payOrder(store.app, shopper.headers, created);
    const toShipped = STEPS_TO_DELIVERED.slice(1, STEPS_TO_DELIVERED.indexOf('shipped'));
    await moveOrderAlong(store.app, store.admin.headers, created.orderId, toShipped);
    expect(await templatesToRecipient()).toEqual([]);

    await moveOrderAlong(store.app, store.admin.headers, created.orderId, ['shipped']);
    expect(await templatesToRecipient()).toEqual(['gift_on_its_way']);

    await moveOrderAlong(store.app, store.admin.headers, created.orderId, ['out_for_delivery', 'delivered']);
    expect(await templatesToRecipient()).toEqual(['gift_delivered', 'gift_on_its_way']);

    const toRecipient = await sandboxMessagesTo(recipientPhone);
    expect(toRecipient.map((message) => message.template).sort()).toEqual([
      'gift_delivered',
      'gift_on_its_way',
    ]);
    for (const message of toRecipient) {
      expect(message.text).toContain('Kavya Rao');
      // Decision 0062: the store, the sender, why, and how to stop, in each.
      expect(message.text).toContain('Utsav Gifts');
      expect(message.text).toContain('You get this because Test Shopper gave this number for the delivery.');
      expect(message.text).toContain('no offers, ever');
      expect(message.text).toContain('Reply STOP to stop these messages');
      expect(message.text).not.toMatch(/₹|2,468|1,234|2468|1234/);
      expect(message.params.join(' ')).not.toMatch(/₹/);
    }
    const toShopper = await sandboxMessagesTo(shopperPhone);
    expect(toShopper.find((message) => message.template === 'order_placed')?.text).toContain('₹');

    // Not ticked: the recipient hears nothing.
    const quiet = await placeWith(shopper, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: false, email: false, phone: shopperPhone, giftRecipient: false },
      giftOptions: { message: 'For you', hidePrices: true },
      address: { ...TEST_ADDRESS, phone: newPhone() },
    });
    await payOrder(store.app, shopper.headers, quiet);
    await moveOrderAlong(store.app, store.admin.headers, quiet.orderId, STEPS_TO_DELIVERED.slice(1));
    expect(await summary(quiet.orderId)).toEqual([
      `order_placed:whatsapp:${shopperPhone}`,
      `order_shipped:whatsapp:${shopperPhone}`,
      `out_for_delivery:whatsapp:${shopperPhone}`,
      `order_delivered:whatsapp:${shopperPhone}`,
    ]);
  });

  // Decision 0069: the buyer hears everything on their own mobile; the recipient, on a number of its own.
  it("sends a gift's news to the buyer's verified mobile and the recipient's two to the recipient's own number", async () => {
    const shopper = await store.newCustomer();
    const shopperPhone = newPhone();
    await verifyPhone(shopper, shopperPhone);
    const recipientPhone = newPhone();
    const addressPhone = newPhone();
    const product = await createTestProduct(store.database, { stock: 10 });
    /** A gift paid and delivered, with who heard what of it. */
    const giftDelivered = async (notify: NotifyConsentInput, deliveryPhone: string) => {
      const gift = await placeWith(shopper, [{ product, quantity: 1 }], {
        notify,
        giftOptions: { message: 'For you', hidePrices: true },
        address: { ...TEST_ADDRESS, phone: deliveryPhone },
      });
      await payOrder(store.app, shopper.headers, gift);
      await moveOrderAlong(store.app, store.admin.headers, gift.orderId, STEPS_TO_DELIVERED.slice(1));
      return summary(gift.orderId);
    };
    const ticked = { whatsapp: true, sms: false, email: false, giftRecipient: true };
    expect(
      await giftDelivered(
        { ...ticked, giftRecipientPhone: `+91 ${recipientPhone.slice(0, 5)} ${recipientPhone.slice(5)}` },
        addressPhone,
      ),
    ).toEqual([
      `order_placed:whatsapp:${shopperPhone}`,
      `order_shipped:whatsapp:${shopperPhone}`,
      `gift_on_its_way:whatsapp:${recipientPhone}`,
      `out_for_delivery:whatsapp:${shopperPhone}`,
      `order_delivered:whatsapp:${shopperPhone}`,
      `gift_delivered:whatsapp:${recipientPhone}`,
    ]);
    expect(await sandboxMessagesTo(addressPhone)).toEqual([]);

    // Sent to the buyer's own verified mobile, the gift's news is the buyer's news only.
    expect(await giftDelivered(ticked, shopperPhone)).toEqual([
      `order_placed:whatsapp:${shopperPhone}`,
      `order_shipped:whatsapp:${shopperPhone}`,
      `out_for_delivery:whatsapp:${shopperPhone}`,
      `order_delivered:whatsapp:${shopperPhone}`,
    ]);

    const refused = await store.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: shopper.headers,
      payload: {
        ...orderBody([{ product, quantity: 1 }]),
        giftOptions: { message: 'For you', hidePrices: true },
        notify: {
          whatsapp: true,
          sms: false,
          email: false,
          giftRecipient: true,
          giftRecipientPhone: '12345',
        },
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Please enter the recipient's 10-digit mobile number");
  });

  it('refuses a consent that is not a mobile number, and creates nothing', async () => {
    const shopper = await store.newCustomer();
    const product = await createTestProduct(store.database, { stock: 10 });
    const response = await store.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: shopper.headers,
      payload: {
        ...orderBody([{ product, quantity: 1 }]),
        notify: { whatsapp: true, sms: false, email: true, phone: '12345' },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Phone number must be 10 digits');
  });

  it('tells the shopper of a refund once, with its amount', async () => {
    const shopper = await store.newCustomer();
    const phone = newPhone();
    await verifyPhone(shopper, phone);
    const product = await createTestProduct(store.database, { stock: 10, priceRupees: 1348 });
    const created = await placeWith(shopper, [{ product, quantity: 1 }], {
      notify: { whatsapp: false, sms: true, email: false, phone },
    });
    await payOrder(store.app, shopper.headers, created);
    const cancel = await store.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${created.orderId}/status`,
      headers: store.admin.headers,
      payload: { status: 'cancelled', note: '' },
    });
    expect(cancel.statusCode).toBe(200);
    await store.app.notifications.sendDue(100);
    const refund = (await sandboxMessagesTo(phone)).filter((message) => message.template === 'refund_made');
    expect(refund).toHaveLength(1);
    expect(refund[0]!.text).toContain('₹1,348');
    expect(refund[0]!.channel).toBe('sms');
  });
  it('tells the shopper a delivery failed, once, by the channels they ticked', async () => {
    const shopper = await store.newCustomer();
    const phone = newPhone();
    await verifyPhone(shopper, phone);
    const product = await createTestProduct(store.database, { stock: 10 });
    const created = await placeWith(shopper, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: true, email: false, phone },
    });
    await payOrder(store.app, shopper.headers, created);
    await moveOrderAlong(store.app, store.admin.headers, created.orderId, [
      ...STEPS_TO_DELIVERED.slice(1, -1),
      'failed_delivery',
    ]);
    expect((await summary(created.orderId)).filter((line) => line.startsWith('delivery_failed'))).toEqual([
      `delivery_failed:whatsapp:${phone}`,
      `delivery_failed:sms:${phone}`,
    ]);
    await store.app.notifications.sendDue(100);
    const failed = (await sandboxMessagesTo(phone)).filter(
      (message) => message.template === 'delivery_failed',
    );
    expect(failed.map((message) => message.channel).sort()).toEqual(['sms', 'whatsapp']);
    expect(failed[0]!.text).toContain(`We could not deliver your order ${created.orderNumber}.`);
    expect(failed[0]!.params[0]).toBe(created.orderNumber);
  });

  it('tells the shopper their return was approved or declined', async () => {
    const shopper = await store.newCustomer();
    const phone = newPhone();
    await verifyPhone(shopper, phone);
    const product = await createTestProduct(store.database, { stock: 10, priceRupees: 450 });
    const decided: string[] = [];
    for (const decision of ['approve', 'reject'] as const) {
      const created = await placeWith(shopper, [{ product, quantity: 1 }], {
        notify: { whatsapp: true, sms: false, email: false, phone },
      });
      await payOrder(store.app, shopper.headers, created);
      await moveOrderAlong(store.app, store.admin.headers, created.orderId, STEPS_TO_DELIVERED.slice(1));
      const requested = await store.app.inject({
        method: 'POST',
        url: `/api/orders/${created.orderId}/returns`,
        headers: shopper.headers,
        payload: { items: [{ productId: product.id, quantity: 1 }], reason: 'The lid arrived cracked' },
      });
      expect(requested.statusCode, requested.body).toBe(201);
      const returnId = requested.json<{ return: { id: number } }>().return.id;
      const answered = await store.app.inject({
        method: 'POST',
        url: `/api/admin/returns/${returnId}/${decision}`,
        headers: store.admin.headers,
        payload: { note: '' },
      });
      expect(answered.statusCode, answered.body).toBe(200);
      expect((await summary(created.orderId)).filter((line) => line.startsWith('return_decided'))).toEqual([
        `return_decided:whatsapp:${phone}`,
      ]);
      decided.push(created.orderNumber);
    }
    await store.app.notifications.sendDue(100);
    const texts = (await sandboxMessagesTo(phone))
      .filter((message) => message.template === 'return_decided')
      .map((message) => message.text.split('\n')[0]);
    expect(texts.sort()).toEqual(
      [
        `Your return request for order ${decided[0]} is approved. See the details on your orders page: ${PUBLIC_URL}/orders`,
        `Your return request for order ${decided[1]} is declined. See the details on your orders page: ${PUBLIC_URL}/orders`,
      ].sort(),
    );
  });

  it("sends a quote to the enquirer's phone with a link that opens it without an account", async () => {
    const phone = newPhone();
    const product = await createTestProduct(store.database, { stock: 100, priceRupees: 200 });
    const sent = await store.app.inject({
      method: 'POST',
      url: '/api/admin/quotes',
      headers: store.admin.headers,
      payload: {
        customerPhone: phone,
        lines: [{ productId: product.id, quantity: 30 }],
        shippingAddress: { ...TEST_ADDRESS, phone },
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { quote, link } = sent.json<CreatedQuoteResponse>();
    await store.app.notifications.sendDue(100);
    const [message] = (await sandboxMessagesTo(phone)).filter((each) => each.template === 'quote_sent');
    expect(message?.channel).toBe('whatsapp');
    // The link the owner shares, with the key the quote page accepts from someone not signed in.
    const shared = `${PUBLIC_URL}/quote/${quote.orderId}?key=${new URL(link).searchParams.get('key')}`;
    expect(message?.text).toContain(`Review and pay: ${shared}`);
    expect(message?.params).toContain(shared);
    const key = new URL(shared).searchParams.get('key')!;
    const opened = await store.app.inject({
      url: `/api/quotes/${quote.orderId}?key=${encodeURIComponent(key)}`,
    });
    expect(opened.statusCode, opened.body).toBe(200);
  });
});

describe('opting out', () => {
  it('a STOP reply ends WhatsApp messages to that number, also those already queued', async () => {
    const shopper = await store.newCustomer();
    const phone = newPhone();
    await verifyPhone(shopper, phone);
    const product = await createTestProduct(store.database, { stock: 10 });
    const created = await placeWith(shopper, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: true, email: false, phone },
    });
    await payOrder(store.app, shopper.headers, created);
    await store.app.notifications.sendDue(100);

    await store.app.messaging.sandbox.reply(phone, 'Stop');
    const stops = await store.database.db
      .select()
      .from(notificationOptOuts)
      .where(eq(notificationOptOuts.address, phone));
    expect(stops.map((stop) => [stop.channel, stop.via])).toEqual([['whatsapp', 'reply']]);

    // Queued before the reply was read: the worker drops it; after: never written.
    await moveOrderAlong(store.app, store.admin.headers, created.orderId, [
      'confirmed',
      'processing',
      'packed',
      'shipped',
    ]);
    await store.app.notifications.sendDue(100);
    expect(await summary(created.orderId)).toEqual([
      `order_placed:whatsapp:${phone}`,
      `order_placed:sms:${phone}`,
      `order_shipped:sms:${phone}`,
    ]);
    const whatsapp = (await sandboxMessagesTo(phone)).filter((message) => message.channel === 'whatsapp');
    expect(whatsapp.map((message) => message.template)).toEqual(['order_placed']);
  });

  it('a STOP reply by SMS ends SMS messages to that number, and leaves WhatsApp on', async () => {
    const shopper = await store.newCustomer();
    const phone = newPhone();
    await verifyPhone(shopper, phone);
    const product = await createTestProduct(store.database, { stock: 10 });
    const created = await placeWith(shopper, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: true, email: false, phone },
    });
    await payOrder(store.app, shopper.headers, created);
    await store.app.notifications.sendDue(100);

    await store.app.messaging.sandbox.reply(phone, 'STOP', 'sms');
    const stops = await store.database.db
      .select()
      .from(notificationOptOuts)
      .where(eq(notificationOptOuts.address, phone));
    expect(stops.map((stop) => [stop.channel, stop.via])).toEqual([['sms', 'reply']]);
    await moveOrderAlong(store.app, store.admin.headers, created.orderId, [
      'confirmed',
      'processing',
      'packed',
      'shipped',
    ]);
    expect(await summary(created.orderId)).toEqual([
      `order_placed:whatsapp:${phone}`,
      `order_placed:sms:${phone}`,
      `order_shipped:whatsapp:${phone}`,
    ]);
  });

  it("a message's opt-out link shows what it stops, then stops that channel; a forged link is refused", async () => {
    const shopper = await store.newCustomer();
    const phone = newPhone();
    await verifyPhone(shopper, phone);
    const product = await createTestProduct(store.database, { stock: 10 });
    const created = await placeWith(shopper, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: true, email: false, phone },
    });
    await payOrder(store.app, shopper.headers, created);
    await store.app.notifications.sendDue(100);
    const sms = (await sandboxMessagesTo(phone)).find((message) => message.channel === 'sms')!;
    const token = tokenIn(sms.text, '/messages/stop?token=');
    // Decision 0068: a short signed link (channel, number, 16 characters of signature) ends the text.
    expect(token).toMatch(new RegExp(`^s${phone}[A-Za-z0-9_-]{16}$`));
    expect(sms.text.endsWith(`${PUBLIC_URL}/messages/stop?token=${token}`)).toBe(true);

    const look = await store.app.inject({
      url: `/api/notifications/opt-out?token=${encodeURIComponent(token)}`,
    });
    expect(look.statusCode).toBe(200);
    expect(look.json<OptOutAnswer>()).toEqual({
      channel: 'sms',
      address: `••••••${phone.slice(-4)}`,
      stopped: false,
    });
    expect(await store.database.db.$count(notificationOptOuts, eq(notificationOptOuts.address, phone))).toBe(
      0,
    );

    const forged = `${token.slice(0, -16)}${'A'.repeat(16)}`;
    const otherNumber = `s${newPhone()}${token.slice(-16)}`;
    for (const bad of [forged, otherNumber, 'nonsense', '']) {
      const refused = await store.app.inject({
        method: 'POST',
        url: '/api/notifications/opt-out',
        payload: { token: bad },
      });
      expect(refused.statusCode).toBe(400);
    }
    expect(await store.database.db.$count(notificationOptOuts, eq(notificationOptOuts.address, phone))).toBe(
      0,
    );

    const stop = await store.app.inject({
      method: 'POST',
      url: '/api/notifications/opt-out',
      payload: { token },
    });
    expect(stop.json<OptOutAnswer>().stopped).toBe(true);
    await moveOrderAlong(store.app, store.admin.headers, created.orderId, [
      'confirmed',
      'processing',
      'packed',
      'shipped',
    ]);
    expect(await summary(created.orderId)).toEqual([
      `order_placed:whatsapp:${phone}`,
      `order_placed:sms:${phone}`,
      `order_shipped:whatsapp:${phone}`,
    ]);
  });
});

describe('carts that come back', () => {
  it(`sends one reminder an hour after an unpaid checkout, once with two instances, and restores the cart (${TWO_INSTANCES_ON})`, async () => {
    const shopper = await store.newCustomer();
    const phone = newPhone();
    await verifyPhone(shopper, phone);
    const product = await createTestProduct(store.database, { name: 'Marigold Toran', stock: 3 });
    const gone = await createTestProduct(store.database, { name: 'Last Lantern', stock: 1 });
    const created = await placeWith(
      shopper,
      [
        { product, quantity: 2 },
        { product: gone, quantity: 1 },
      ],
      {
        notify: { whatsapp: true, sms: false, email: true, phone },
        marketing: { whatsapp: true, sms: false, email: true },
      },
    );
    const remindersOf = () =>
      store.database.db.select().from(cartReminders).where(eq(cartReminders.orderId, created.orderId));

    advance(59 * MINUTE);
    await store.app.notifications.sendCartReminders();
    expect(await remindersOf()).toHaveLength(0);

    advance(2 * MINUTE);
    const second = await openSecondConnection(store.database);
    const secondApp = await createTestApp(second, { clock, env: ENV });
    try {
      await Promise.all([
        store.app.notifications.sendCartReminders(),
        secondApp.notifications.sendCartReminders(),
      ]);
    } finally {
      await secondApp.close();
      await second.close();
    }
    expect(await remindersOf()).toHaveLength(1);
    expect(await summary(created.orderId)).toEqual([`cart_reminder:whatsapp:${phone}`]);
    const mails = await store.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, created.orderId), eq(mailOutbox.kind, 'cart-reminder')));
    expect(mails).toHaveLength(1);

    // A day later, still unpaid: no second reminder for that cart.
    advance(25 * 60 * MINUTE);
    await store.app.notifications.sendCartReminders();
    expect(await remindersOf()).toHaveLength(1);

    // The link restores what can still be bought, at most what is in stock, on any device. The
    // unpaid checkout expired long ago and gave its stock back.
    await store.app.orders.expireOverdueOrders();
    await store.app.notifications.sendDue(100);
    const [reminder] = await sandboxMessagesTo(phone);
    const token = tokenIn(reminder!.text, '/cart?restore=');
    // The last lantern sold meanwhile (the expired checkout gave its stock back, another took it).
    await store.database.db.update(products).set({ stock: 0 }).where(eq(products.id, gone.id));
    const restored = await store.app.inject({
      method: 'POST',
      url: '/api/notifications/cart-restore',
      payload: { token },
    });
    expect(restored.statusCode).toBe(200);
    const answer = restored.json<CartRestoreAnswer>();
    expect(answer.lines.map((line) => [line.product.name, line.quantity])).toEqual([['Marigold Toran', 2]]);
    expect(answer.unavailable).toEqual(['Last Lantern']);
    const refused = await store.app.inject({
      method: 'POST',
      url: '/api/notifications/cart-restore',
      payload: { token: `${token}x` },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('sends none after the shopper paid, none to a shopper who stopped messages, and counts a cart recovered only when its link was used before paying', async () => {
    const product = await createTestProduct(store.database, { stock: 50 });
    const dashboardBefore = (
      await store.app.inject({ url: '/api/admin/dashboard', headers: store.admin.headers })
    ).json<AdminDashboard>().cartReminders;

    const payer = await store.newCustomer();
    const payerPhone = newPhone();
    await verifyPhone(payer, payerPhone);
    const abandoned = await placeWith(payer, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: false, email: false, phone: payerPhone },
      marketing: OFFERS_ON_WHATSAPP,
    });
    const paid = await placeWith(payer, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: false, email: false, phone: payerPhone },
      marketing: OFFERS_ON_WHATSAPP,
    });
    await payOrder(store.app, payer.headers, paid);

    const stopped = await store.newCustomer();
    const stoppedPhone = newPhone();
    await verifyPhone(stopped, stoppedPhone);
    // Agreed to offers on WhatsApp, then replied STOP: the stop wins over the earlier yes.
    await setConsent(stopped, { purpose: 'marketing', channel: 'whatsapp', given: true });
    await store.app.messaging.sandbox.reply(stoppedPhone, 'STOP');
    const stoppedCart = await placeWith(stopped, [{ product, quantity: 1 }], {
      notify: { whatsapp: false, sms: false, email: false, phone: stoppedPhone },
    });

    const comesBack = await store.newCustomer();
    const comesBackPhone = newPhone();
    await verifyPhone(comesBack, comesBackPhone);
    const comesBackCart = await placeWith(comesBack, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: false, email: false, phone: comesBackPhone },
      marketing: OFFERS_ON_WHATSAPP,
    });
    // Reminded too, but pays without opening the link: not a cart the reminder recovered.
    const paysAnyway = await store.newCustomer();
    const paysAnywayPhone = newPhone();
    await verifyPhone(paysAnyway, paysAnywayPhone);
    const paysAnywayCart = await placeWith(paysAnyway, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: false, email: false, phone: paysAnywayPhone },
      marketing: OFFERS_ON_WHATSAPP,
    });

    advance(70 * MINUTE);
    await store.app.notifications.sendCartReminders();
    expect(await reminded(abandoned.orderId)).toBe(0);
    expect(await reminded(stoppedCart.orderId)).toBe(0);
    expect(await reminded(comesBackCart.orderId)).toBe(1);
    expect(await reminded(paysAnywayCart.orderId)).toBe(1);
    await payOrder(store.app, paysAnyway.headers, paysAnywayCart);

    // The other opens the reminder's link, then pays a new checkout: a recovered cart.
    await store.app.notifications.sendDue(100);
    const [reminder] = await sandboxMessagesTo(comesBackPhone);
    const restored = await store.app.inject({
      method: 'POST',
      url: '/api/notifications/cart-restore',
      payload: { token: tokenIn(reminder!.text, '/cart?restore=') },
    });
    expect(restored.statusCode).toBe(200);
    const again = await placeWith(comesBack, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: false, email: false, phone: newPhone() },
      marketing: OFFERS_ON_WHATSAPP,
    });
    await payOrder(store.app, comesBack.headers, again);
    const dashboard = (
      await store.app.inject({ url: '/api/admin/dashboard', headers: store.admin.headers })
    ).json<AdminDashboard>().cartReminders;
    expect(dashboard).toEqual({ sent: dashboardBefore.sent + 2, recovered: dashboardBefore.recovered + 1 });
  });
  it('reminds a shopper who signed up by phone alone, and the shoppers after them, on the channels they can hear', async () => {
    const product = await createTestProduct(store.database, { stock: 50 });
    // Made by a code: no e-mail address. Offers ticked on WhatsApp and e-mail.
    const phoneOnlyPhone = newPhone();
    const phoneOnly = await signUpByPhone(phoneOnlyPhone);
    const phoneOnlyCart = await placeWith(phoneOnly, [{ product, quantity: 1 }], {
      marketing: { whatsapp: true, sms: false, email: true },
    });
    const next = await store.newCustomer();
    const nextCart = await placeWith(next, [{ product, quantity: 1 }], {
      notify: { whatsapp: false, sms: false, email: true },
      marketing: { whatsapp: false, sms: false, email: true },
    });

    advance(70 * MINUTE);
    await store.app.notifications.sendCartReminders();
    const [phoneReminder] = await store.database.db
      .select()
      .from(cartReminders)
      .where(eq(cartReminders.orderId, phoneOnlyCart.orderId));
    expect(phoneReminder?.channels).toEqual(['whatsapp']);
    // Decision 0054: to the mobile the account was made with, not the address's typed phone.
    expect(await summary(phoneOnlyCart.orderId)).toEqual([`cart_reminder:whatsapp:${phoneOnlyPhone}`]);
    const [nextReminder] = await store.database.db
      .select()
      .from(cartReminders)
      .where(eq(cartReminders.orderId, nextCart.orderId));
    expect(nextReminder?.channels).toEqual(['email']);
    const mails = await store.database.db
      .select({ recipient: mailOutbox.recipient })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'cart-reminder'));
    expect(mails.map((mail) => mail.recipient)).toContain(next.user.email);
  });

  it('still reminds the shoppers after one whose reminder failed, and reminds that one on the next run', async () => {
    const product = await createTestProduct(store.database, { stock: 50 });
    const failing = await store.newCustomer();
    const failingPhone = newPhone();
    await verifyPhone(failing, failingPhone);
    const failingCart = await placeWith(failing, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: false, email: false, phone: failingPhone },
      marketing: OFFERS_ON_WHATSAPP,
    });
    const after = await store.newCustomer();
    const afterPhone = newPhone();
    await verifyPhone(after, afterPhone);
    const afterCart = await placeWith(after, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: false, email: false, phone: afterPhone },
      marketing: OFFERS_ON_WHATSAPP,
    });

    advance(70 * MINUTE);
    // The database refuses the first shopper's reminder, as it would on a broken row or a full disk.
    await store.database.db.execute(sql`
      create function refuse_cart_reminder() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`);
    await store.database.db.execute(
      sql.raw(`create trigger refuse_cart_reminder before insert on cart_reminders for each row
               when (new.user_id = ${Number(failing.user.id)}) execute function refuse_cart_reminder()`),
    );
    let firstRun: { reminded: number; failed: number };
    try {
      firstRun = await store.app.notifications.sendCartReminders();
    } finally {
      await store.database.db.execute(sql`drop trigger refuse_cart_reminder on cart_reminders`);
      await store.database.db.execute(sql`drop function refuse_cart_reminder()`);
    }
    expect(firstRun.failed).toBe(1);
    expect(await reminded(failingCart.orderId)).toBe(0);
    expect(await reminded(afterCart.orderId)).toBe(1);
    // Nothing of the failed reminder was written: no message is queued to that shopper.
    expect(await summary(failingCart.orderId)).toEqual([]);
    expect(await summary(afterCart.orderId)).toEqual([`cart_reminder:whatsapp:${afterPhone}`]);

    expect(await store.app.notifications.sendCartReminders()).toEqual({ reminded: 1, failed: 0 });
    expect(await reminded(failingCart.orderId)).toBe(1);
    expect(await summary(failingCart.orderId)).toEqual([`cart_reminder:whatsapp:${failingPhone}`]);
  });
});

describe('carts left at checkout before Pay', () => {
  async function recordCart(shopper: TestAccount, lines: { productId: number; quantity: number }[]) {
    const response = await store.app.inject({
      method: 'PUT',
      url: '/api/notifications/checkout-cart',
      headers: shopper.headers,
      payload: { lines },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CheckoutCartAnswer>();
  }
  const remindersTo = (userId: number) =>
    store.database.db.select().from(cartReminders).where(eq(cartReminders.userId, userId));

  it(`reminds once an hour later with two instances, none at 59 minutes, and restores the cart on a second device (${TWO_INSTANCES_ON})`, async () => {
    // Signed up by code: a verified mobile, no e-mail. No order yet; offers on WhatsApp and
    // e-mail agreed to in the account's Messages section, and only WhatsApp has an address.
    const phone = newPhone();
    const shopper = await signUpByPhone(phone);
    await setConsent(shopper, { purpose: 'marketing', channel: 'whatsapp', given: true });
    await setConsent(shopper, { purpose: 'marketing', channel: 'email', given: true });
    const diya = await createTestProduct(store.database, { name: 'Brass Diya', stock: 5 });
    const toran = await createTestProduct(store.database, { name: 'Bead Toran', stock: 5 });
    expect(
      await recordCart(shopper, [
        { productId: diya.id, quantity: 1 },
        { productId: toran.id, quantity: 2 },
      ]),
    ).toEqual({ recorded: 2 });
    // The cart changed while on checkout: the later cart replaces the first.
    advance(5 * MINUTE);
    await recordCart(shopper, [{ productId: diya.id, quantity: 3 }]);

    advance(59 * MINUTE);
    await store.app.notifications.sendCartReminders();
    expect(await remindersTo(shopper.user.id)).toHaveLength(0);

    advance(2 * MINUTE);
    const second = await openSecondConnection(store.database);
    const secondApp = await createTestApp(second, { clock, env: ENV });
    try {
      await Promise.all([
        store.app.notifications.sendCartReminders(),
        secondApp.notifications.sendCartReminders(),
      ]);
    } finally {
      await secondApp.close();
      await second.close();
    }
    const reminders = await remindersTo(shopper.user.id);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ orderId: null, channels: ['whatsapp'] });
    await store.app.notifications.sendCartReminders();
    expect(await remindersTo(shopper.user.id)).toHaveLength(1);

    await store.app.notifications.sendDue(100);
    const sent = (await sandboxMessagesTo(phone)).filter((message) => message.template === 'cart_reminder');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain('Hi Meera Iyer, the gifts you chose are still waiting');

    // Another device, not signed in: the link alone brings the cart back.
    const restored = await store.app.inject({
      method: 'POST',
      url: '/api/notifications/cart-restore',
      payload: { token: tokenIn(sent[0]!.text, '/cart?restore=') },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const answer = restored.json<CartRestoreAnswer>();
    expect(answer.lines.map((line) => [line.product.name, line.quantity])).toEqual([['Brass Diya', 3]]);
    expect(answer.unavailable).toEqual([]);
    const [used] = await remindersTo(shopper.user.id);
    expect(used?.restoredAt).toEqual(clock.now());
  });

  it('sends none to a shopper who paid or placed an order since starting checkout, or who stopped messages', async () => {
    const product = await createTestProduct(store.database, { stock: 50 });

    const payer = await store.newCustomer();
    await recordCart(payer, [{ productId: product.id, quantity: 1 }]);
    advance(10 * MINUTE);
    const paid = await placeWith(payer, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: false, email: true, phone: newPhone() },
    });
    await payOrder(store.app, payer.headers, paid);

    // Placed without paying first (as an order paid on delivery is): the cart was bought.
    const placer = await store.newCustomer();
    await recordCart(placer, [{ productId: product.id, quantity: 1 }]);
    advance(10 * MINUTE);
    const placed = await placeWith(placer, [{ product, quantity: 1 }], {
      notify: { whatsapp: false, sms: false, email: true },
    });
    await store.database.db.update(orders).set({ status: 'confirmed' }).where(eq(orders.id, placed.orderId));

    const stoppedPhone = newPhone();
    const stopped = await signUpByPhone(stoppedPhone);
    await store.app.messaging.sandbox.reply(stoppedPhone, 'STOP');
    await recordCart(stopped, [{ productId: product.id, quantity: 1 }]);

    advance(2 * 60 * MINUTE);
    await store.app.notifications.sendCartReminders();
    expect(await remindersTo(payer.user.id)).toHaveLength(0);
    expect(await remindersTo(placer.user.id)).toHaveLength(0);
    expect(await remindersTo(stopped.user.id)).toHaveLength(0);
  });

  it('reminds only on the channels the shopper agreed to get offers on: order-news ticks and the defaults are no consent', async () => {
    const product = await createTestProduct(store.database, { stock: 50 });
    // Never chose offers: the owner's defaults tick order news, which is no consent to marketing.
    const newcomer = await store.newCustomer();
    await recordCart(newcomer, [{ productId: product.id, quantity: 1 }]);
    // Ticked every order-news channel on an earlier checkout, never offers.
    const newsOnlyPhone = newPhone();
    const newsOnly = await store.newCustomer();
    await verifyPhone(newsOnly, newsOnlyPhone);
    const newsOrder = await placeWith(newsOnly, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: true, email: true, phone: newsOnlyPhone },
    });
    await payOrder(store.app, newsOnly.headers, newsOrder);
    advance(MINUTE);
    await recordCart(newsOnly, [{ productId: product.id, quantity: 2 }]);
    // Agreed to offers by SMS alone, in the account's Messages section.
    const smsPhone = newPhone();
    const regular = await store.newCustomer();
    await verifyPhone(regular, smsPhone);
    await setConsent(regular, { purpose: 'marketing', channel: 'sms', given: true });
    await recordCart(regular, [{ productId: product.id, quantity: 2 }]);

    advance(61 * MINUTE);
    await store.app.notifications.sendCartReminders();
    expect(await remindersTo(newcomer.user.id)).toEqual([]);
    expect(await remindersTo(newsOnly.user.id)).toEqual([]);
    const mails = await store.database.db
      .select({ recipient: mailOutbox.recipient })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.kind, 'cart-reminder'),
          inArray(mailOutbox.recipient, [newcomer.user.email, newsOnly.user.email]),
        ),
      );
    expect(mails).toEqual([]);
    const [toRegular] = await remindersTo(regular.user.id);
    expect(toRegular?.channels).toEqual(['sms']);
    const queued = await store.database.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.notice, 'cart_reminder'), eq(notificationOutbox.recipient, smsPhone)));
    expect(queued.map((row) => row.channel)).toEqual(['sms']);
  });

  it('keeps one cart per shopper, refuses unknown products, bad lines and guests, and forgets an emptied cart', async () => {
    const shopper = await store.newCustomer();
    const product = await createTestProduct(store.database, { stock: 5 });
    const put = (payload: Record<string, unknown>, headers: Record<string, string> = shopper.headers) =>
      store.app.inject({ method: 'PUT', url: '/api/notifications/checkout-cart', headers, payload });

    expect((await put({ lines: [{ productId: product.id, quantity: 1 }] }, {})).statusCode).toBe(401);
    const unknown = await put({ lines: [{ productId: 2_000_000_000, quantity: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Product 2000000000 is not sold here');
    expect((await put({ lines: [{ productId: product.id, quantity: 11 }] })).statusCode).toBe(400);
    const twice = await put({
      lines: [
        { productId: product.id, quantity: 1 },
        { productId: product.id, quantity: 2 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const many = Array.from({ length: 51 }, (_, index) => ({ productId: index + 1, quantity: 1 }));
    expect((await put({ lines: many })).statusCode).toBe(400);

    await recordCart(shopper, [{ productId: product.id, quantity: 1 }]);
    await recordCart(shopper, [{ productId: product.id, quantity: 4 }]);
    const kept = await store.database.db
      .select()
      .from(checkoutCarts)
      .where(eq(checkoutCarts.userId, shopper.user.id));
    expect(kept.map((row) => row.lines)).toEqual([[{ productId: product.id, quantity: 4 }]]);

    expect(await recordCart(shopper, [])).toEqual({ recorded: 0 });
    expect(await store.database.db.$count(checkoutCarts, eq(checkoutCarts.userId, shopper.user.id))).toBe(0);
  });
});

describe('the back office', () => {
  it('lists the message outbox with status, attempts and last error, to admins only', async () => {
    const listed = await store.app.inject({ url: '/api/admin/notifications', headers: store.admin.headers });
    expect(listed.statusCode).toBe(200);
    const body = listed.json();
    expect(body.total).toBeGreaterThan(0);
    expect(body.data[0]).toMatchObject({
      notice: expect.any(String),
      channel: expect.stringMatching(/^(whatsapp|sms)$/),
      status: expect.any(String),
      attempts: expect.any(Number),
    });
    const shopper = await store.newCustomer();
    expect(
      (await store.app.inject({ url: '/api/admin/notifications', headers: shopper.headers })).statusCode,
    ).toBe(403);
  });
});

// Decision 0062: consent as records, marketing only with a marketing consent and in its hours.
describe('consents to messages', () => {
  async function recordCart(shopper: TestAccount, productId: number) {
    const response = await store.app.inject({
      method: 'PUT',
      url: '/api/notifications/checkout-cart',
      headers: shopper.headers,
      payload: { lines: [{ productId, quantity: 1 }] },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  const remindersTo = (userId: number) =>
    store.database.db.select().from(cartReminders).where(eq(cartReminders.userId, userId));
  const ledgerOf = (userId: number) =>
    store.database.db
      .select({
        purpose: consents.purpose,
        channel: consents.channel,
        given: consents.given,
        via: consents.via,
        noticeVersion: consents.noticeVersion,
      })
      .from(consents)
      .where(eq(consents.userId, userId))
      .orderBy(consents.id);

  it('does not tick WhatsApp for the shopper, whatever the owner ticked, and an order without a choice gets none', async () => {
    // The store's default channels (NOTIFY_DEFAULT_CHANNELS) name WhatsApp and e-mail.
    const config = await store.app.inject({ url: '/api/config' });
    expect(config.json<StoreSettings>().orderUpdates).toEqual({ whatsapp: false, sms: false, email: true });
    const shopper = await store.newCustomer();
    const phone = newPhone();
    await verifyPhone(shopper, phone);
    const product = await createTestProduct(store.database, { stock: 5 });
    const created = await placeWith(shopper, [{ product, quantity: 1 }]);
    const [order] = await store.database.db.select().from(orders).where(eq(orders.id, created.orderId));
    expect(order?.notify).toMatchObject({ whatsapp: false, sms: false, email: true });
    await payOrder(store.app, shopper.headers, created);
    await store.app.notifications.sendDue(100);
    expect(await sandboxMessagesTo(phone)).toEqual([]);
  });

  it('writes each checkout choice and each tap in the Messages section to the ledger, and refuses bad input', async () => {
    const shopper = await store.newCustomer();
    const phone = newPhone();
    await verifyPhone(shopper, phone);
    const list = async () =>
      (
        await store.app.inject({ url: '/api/notifications/consents', headers: shopper.headers })
      ).json<AccountConsents>().consents;
    // Never chose: e-mail and SMS order news on (DPDP s.7(a)), WhatsApp and every offer off.
    expect((await list()).map((consent) => `${consent.purpose}:${consent.channel}:${consent.given}`)).toEqual(
      [
        'order_updates:whatsapp:false',
        'order_updates:sms:true',
        'order_updates:email:true',
        'marketing:whatsapp:false',
        'marketing:sms:false',
        'marketing:email:false',
      ],
    );
    expect((await list())[3]?.wording).toBe('Send me offers and reminders from Utsav Gifts on WhatsApp');

    const product = await createTestProduct(store.database, { stock: 5 });
    await placeWith(shopper, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: false, email: true, phone },
      marketing: OFFERS_ON_WHATSAPP,
    });
    const afterCheckout = await setConsent(shopper, {
      purpose: 'order_updates',
      channel: 'email',
      given: false,
    });
    expect(
      afterCheckout.consents.find((c) => c.purpose === 'order_updates' && c.channel === 'email')?.given,
    ).toBe(false);
    // Choosing what already stands writes nothing.
    await setConsent(shopper, { purpose: 'marketing', channel: 'whatsapp', given: true });
    expect(await ledgerOf(shopper.user.id)).toEqual([
      { purpose: 'order_updates', channel: 'whatsapp', given: true, via: 'form', noticeVersion: '2026-12' },
      { purpose: 'order_updates', channel: 'sms', given: false, via: 'form', noticeVersion: '2026-12' },
      { purpose: 'marketing', channel: 'whatsapp', given: true, via: 'form', noticeVersion: '2026-12' },
      { purpose: 'order_updates', channel: 'email', given: false, via: 'settings', noticeVersion: '2026-12' },
    ]);

    const before = await ledgerOf(shopper.user.id);
    const bad = await store.app.inject({
      method: 'PUT',
      url: '/api/notifications/consents',
      headers: shopper.headers,
      payload: { purpose: 'marketing', channel: 'pigeon', given: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Channel must be WhatsApp, SMS or e-mail');
    const guest = await store.app.inject({
      method: 'PUT',
      url: '/api/notifications/consents',
      payload: { purpose: 'marketing', channel: 'sms', given: true },
    });
    expect(guest.statusCode).toBe(401);
    expect(await ledgerOf(shopper.user.id)).toEqual(before);
  });

  it("a tap in the Messages section stops that channel's news of an order already placed; ticking WhatsApp again after STOP lifts it", async () => {
    const shopper = await store.newCustomer();
    const phone = newPhone();
    await verifyPhone(shopper, phone);
    const product = await createTestProduct(store.database, { stock: 10 });
    const created = await placeWith(shopper, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: true, email: true, phone },
    });
    await payOrder(store.app, shopper.headers, created);
    await setConsent(shopper, { purpose: 'order_updates', channel: 'sms', given: false });
    await setConsent(shopper, { purpose: 'order_updates', channel: 'email', given: false });
    await moveOrderAlong(store.app, store.admin.headers, created.orderId, [
      'confirmed',
      'processing',
      'packed',
      'shipped',
    ]);
    expect(await summary(created.orderId)).toEqual([
      `order_placed:whatsapp:${phone}`,
      `order_placed:sms:${phone}`,
      `order_shipped:whatsapp:${phone}`,
    ]);
    const shippedMails = await store.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, created.orderId), eq(mailOutbox.recipient, shopper.user.email)));
    // The receipt is sent whatever was chosen; the shipped mail is order news, withdrawn.
    expect(shippedMails.map((mail) => mail.kind)).toEqual(['order-confirmation']);

    // STOP on WhatsApp, then a fresh tick of WhatsApp at the next checkout: a clear yes again.
    await store.app.messaging.sandbox.reply(phone, 'STOP');
    const next = await placeWith(shopper, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: false, email: false, phone },
    });
    await payOrder(store.app, shopper.headers, next);
    expect(await summary(next.orderId)).toEqual([`order_placed:whatsapp:${phone}`]);
  });

  it('a marketing consent given, then withdrawn by STOP, stops the next reminder; giving it again in the account lifts the stop', async () => {
    clock.set(new Date('2031-06-01T05:00:00.000Z')); // 10:30 in India
    const shopper = await store.newCustomer();
    const phone = newPhone();
    await verifyPhone(shopper, phone);
    const product = await createTestProduct(store.database, { stock: 20 });
    await placeWith(shopper, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: false, email: false, phone },
      marketing: OFFERS_ON_WHATSAPP,
    });
    advance(61 * MINUTE);
    expect(await store.app.notifications.sendCartReminders()).toEqual({ reminded: 1, failed: 0 });
    await store.app.notifications.sendDue(100);
    expect((await sandboxMessagesTo(phone)).map((message) => message.template)).toEqual(['cart_reminder']);

    await store.app.messaging.sandbox.reply(phone, 'STOP');
    const withdrawn = await store.database.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, shopper.user.id), eq(consents.via, 'reply')));
    expect(withdrawn.map((row) => [row.purpose, row.channel, row.given, row.address])).toEqual([
      ['order_updates', 'whatsapp', false, phone],
      ['marketing', 'whatsapp', false, phone],
    ]);

    // The next day, a new checkout left unpaid: no reminder.
    advance(24 * 60 * MINUTE);
    await recordCart(shopper, product.id);
    advance(61 * MINUTE);
    await store.app.notifications.sendCartReminders();
    expect(await remindersTo(shopper.user.id)).toHaveLength(1);

    // One tap in the account gives it again (a new record), and the number hears again.
    await setConsent(shopper, { purpose: 'marketing', channel: 'whatsapp', given: true });
    expect(await store.app.notifications.sendCartReminders()).toEqual({ reminded: 1, failed: 0 });
    expect((await ledgerOf(shopper.user.id)).at(-1)).toMatchObject({ given: true, via: 'settings' });
  });

  it("a gift's recipient who replies STOP hears no other shopper's gift news on any channel, and it is recorded for that number", async () => {
    clock.set(new Date('2031-06-02T08:00:00.000Z')); // 13:30 in India
    // The file's owner signed in a month ago: a session of today's.
    const adminHeaders = (await store.newAdmin()).headers;
    const recipientPhone = newPhone();
    const product = await createTestProduct(store.database, { stock: 10 });
    const giftFrom = async (shopper: TestAccount) => {
      const phone = newPhone();
      await verifyPhone(shopper, phone);
      const created = await placeWith(shopper, [{ product, quantity: 1 }], {
        notify: { whatsapp: true, sms: false, email: false, phone, giftRecipient: true },
        giftOptions: { message: 'For you', hidePrices: true },
        address: { ...TEST_ADDRESS, fullName: 'Kavya Rao', phone: recipientPhone },
      });
      await payOrder(store.app, shopper.headers, created);
      await moveOrderAlong(store.app, adminHeaders, created.orderId, STEPS_TO_DELIVERED.slice(1, 5));
      await store.app.notifications.sendDue(100);
      return created;
    };
    const first = await giftFrom(await store.newCustomer());
    expect((await summary(first.orderId)).filter((row) => row.includes(recipientPhone))).toEqual([
      `gift_on_its_way:whatsapp:${recipientPhone}`,
    ]);

    await store.app.messaging.sandbox.reply(recipientPhone, 'STOP');
    const recorded = await store.database.db
      .select()
      .from(consents)
      .where(eq(consents.address, recipientPhone));
    // Decision 0081: a gift's recipient's STOP on WhatsApp stops SMS to the number as well.
    expect(recorded.map((row) => [row.userId, row.purpose, row.channel, row.given, row.via])).toEqual([
      [null, 'order_updates', 'whatsapp', false, 'reply'],
      [null, 'marketing', 'whatsapp', false, 'reply'],
      [null, 'order_updates', 'sms', false, 'reply'],
      [null, 'marketing', 'sms', false, 'reply'],
    ]);
    // Another shopper's gift to the same number, across the store: nothing to the recipient.
    const second = await giftFrom(await store.newCustomer());
    expect((await summary(second.orderId)).filter((row) => row.includes(recipientPhone))).toEqual([]);
  });

  it("an opt-out link in a reminder's mail withdraws the account's e-mail consents in the ledger", async () => {
    const shopper = await store.newCustomer();
    await setConsent(shopper, { purpose: 'marketing', channel: 'email', given: true });
    const product = await createTestProduct(store.database, { stock: 5 });
    await recordCart(shopper, product.id);
    advance(61 * MINUTE);
    expect(await store.app.notifications.sendCartReminders()).toEqual({ reminded: 1, failed: 0 });
    const [mail] = await store.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'cart-reminder'), eq(mailOutbox.recipient, shopper.user.email)));
    const token = tokenIn(mail!.text, `${OPT_OUT_PATH}?token=`);
    const stopped = await store.app.inject({
      method: 'POST',
      url: '/api/notifications/opt-out',
      payload: { token },
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect((await ledgerOf(shopper.user.id)).slice(-2)).toEqual([
      { purpose: 'order_updates', channel: 'email', given: false, via: 'link', noticeVersion: '2026-12' },
      { purpose: 'marketing', channel: 'email', given: false, via: 'link', noticeVersion: '2026-12' },
    ]);
  });

  it('a reminder due at 23:00 India time waits until 09:00', async () => {
    const shopper = await store.newCustomer();
    const phone = newPhone();
    await verifyPhone(shopper, phone);
    await setConsent(shopper, { purpose: 'marketing', channel: 'whatsapp', given: true });
    const product = await createTestProduct(store.database, { stock: 5 });
    clock.set(new Date('2031-06-02T16:30:00.000Z')); // 22:00 in India
    await recordCart(shopper, product.id);

    clock.set(new Date('2031-06-02T17:30:00.000Z')); // 23:00, when it is due
    expect(await store.app.notifications.sendCartReminders()).toEqual({ reminded: 0, failed: 0 });
    clock.set(new Date('2031-06-03T03:29:00.000Z')); // 08:59
    await store.app.notifications.sendCartReminders();
    expect(await remindersTo(shopper.user.id)).toEqual([]);
    clock.set(new Date('2031-06-03T03:30:00.000Z')); // 09:00
    expect(await store.app.notifications.sendCartReminders()).toEqual({ reminded: 1, failed: 0 });
    await store.app.notifications.sendDue(100);
    expect((await sandboxMessagesTo(phone)).map((message) => message.template)).toEqual(['cart_reminder']);
  });

  it('a reminder queued before 21:00 and not yet sent waits for 09:00; order news does not', async () => {
    clock.set(new Date('2031-06-03T14:20:00.000Z')); // 19:50 in India
    const shopper = await store.newCustomer();
    const phone = newPhone();
    await verifyPhone(shopper, phone);
    const product = await createTestProduct(store.database, { stock: 5 });
    const created = await placeWith(shopper, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: false, email: false, phone },
      marketing: OFFERS_ON_WHATSAPP,
    });
    clock.set(new Date('2031-06-03T15:29:00.000Z')); // 20:59: queued, not yet sent
    expect(await store.app.notifications.sendCartReminders()).toEqual({ reminded: 1, failed: 0 });
    clock.set(new Date('2031-06-03T15:30:00.000Z')); // 21:00
    const late = await placeWith(shopper, [{ product, quantity: 1 }], {
      notify: { whatsapp: true, sms: false, email: false, phone },
    });
    await payOrder(store.app, shopper.headers, late);
    // Read from the outbox: the back office's session of the file's start has expired by now.
    const statuses = async () =>
      (
        await store.database.db
          .select({ notice: notificationOutbox.notice, status: notificationOutbox.status })
          .from(notificationOutbox)
          .where(eq(notificationOutbox.recipient, phone))
          .orderBy(notificationOutbox.id)
      ).map((row) => `${row.notice}:${row.status}`);
    await store.app.notifications.sendDue(100);
    expect(await statuses()).toEqual(['cart_reminder:queued', 'order_placed:sent']);
    clock.set(new Date('2031-06-04T03:29:00.000Z')); // 08:59
    await store.app.notifications.sendDue(100);
    expect(await statuses()).toEqual(['cart_reminder:queued', 'order_placed:sent']);
    clock.set(new Date('2031-06-04T03:30:00.000Z')); // 09:00
    await store.app.notifications.sendDue(100);
    expect(await statuses()).toEqual(['cart_reminder:sent', 'order_placed:sent']);
    expect(await summary(created.orderId)).toEqual([`cart_reminder:whatsapp:${phone}`]);
  });
});
