import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CashOrderResponse, CreateOrderResponse } from '../../../shared/api/payments';
import { mailOutbox, notificationOutbox } from '../../db/schema';
import { codDesk } from '../../testing/cod-fixtures';
import {
  createTestProduct,
  orderBody,
  payOrder,
  seedPincodes,
  TEST_ADDRESS,
} from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { ORDER_ALLOWANCE_MESSAGES } from '../orders';
import { OWNER_BURST_NOTICES } from '../owner-notices';
import { GIFT_MESSAGES_PER_NUMBER_PER_DAY, MESSAGES_PER_ACCOUNT_PER_DAY, queueOrderNotice } from './notices';
import { ORDER_CANCELLED_BEFORE_SENDING } from './notification-worker';

// Decision 0054: who the store's WhatsApp and SMS may reach, with what words, and how many.
const HOUR = 60 * 60 * 1000;

const stranger = (n: number) => `95000000${String(n).padStart(2, '0')}`;

describe('who order news reaches', () => {
  const clock = createTestClock('2031-05-04T04:00:00.000Z');
  const store = setUpTestStore({ clock, env: { BACKGROUND_JOBS: 'false' }, seed: seedPincodes });
  const desk = codDesk(store);

  it('30 cash on delivery place-and-cancel loops to 30 strangers send them nothing', async () => {
    await desk.setCod();
    const shopper = await desk.shopperWithPhone();
    const product = await createTestProduct(store.database, { priceRupees: 500, stock: 100 });
    const strangers = Array.from({ length: 30 }, (_, index) => stranger(index));
    for (const phone of strangers) {
      const placed = await desk.placeCod(shopper.headers, [{ product, quantity: 1 }], { phone });
      expect(placed.statusCode, placed.body).toBe(200);
      const cancelled = await desk.cancel(shopper.headers, placed.json<CashOrderResponse>().orderId);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    await desk.sendAll();

    expect(await desk.sentTo(strangers)).toEqual([]);
    // Nor did the shopper's own mobile hear of orders cancelled before their news went out.
    expect(await desk.sentTo([shopper.phone])).toEqual([]);
    // Sixty orders placed and cancelled through HTTP, each in its own transactions: past the default
    // 30 s on two shared cores under load, legitimately.
  }, 90_000);

  it("sends an order's news to the account's verified mobile, not the number typed at checkout", async () => {
    await desk.setCod();
    const shopper = await desk.shopperWithPhone();
    const product = await createTestProduct(store.database, { priceRupees: 500, stock: 10 });
    const placed = await desk.placeCod(shopper.headers, [{ product, quantity: 1 }], { phone: stranger(40) });
    expect(placed.statusCode, placed.body).toBe(200);
    await desk.sendAll();

    expect(await desk.sentTo([stranger(40)])).toEqual([]);
    const own = await desk.sentTo([shopper.phone]);
    expect(own.map((message) => [message.channel, message.template]).sort()).toEqual([
      ['sms', 'order_placed_cod'],
      ['whatsapp', 'order_placed_cod'],
    ]);
  });

  it('sends nothing by phone for a paid order of an account whose mobile was never verified', async () => {
    const shopper = await store.newCustomer();
    const product = await createTestProduct(store.database, { priceRupees: 500, stock: 10 });
    const lines = [{ product, quantity: 1 }];
    const created = await store.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: shopper.headers,
      payload: {
        ...orderBody(lines, { shippingAddress: { ...TEST_ADDRESS, phone: stranger(41) } }),
        notify: { whatsapp: true, sms: true, email: false, phone: stranger(41), giftRecipient: false },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    await payOrder(store.app, shopper.headers, created.json<CreateOrderResponse>());
    await desk.sendAll();

    expect(await desk.sentTo([stranger(41)])).toEqual([]);
  });

  it('drops a message whose order was cancelled before it went out', async () => {
    await desk.setCod();
    const shopper = await desk.shopperWithPhone();
    const product = await createTestProduct(store.database, { priceRupees: 500, stock: 10 });
    const placed = await desk.placeCod(shopper.headers, [{ product, quantity: 1 }], { phone: shopper.phone });
    const { orderId } = placed.json<CashOrderResponse>();
    const queued = await store.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.orderId, orderId));
    expect(queued.map((row) => row.status)).toEqual(['queued', 'queued']);

    expect((await desk.cancel(shopper.headers, orderId)).statusCode).toBe(200);
    await desk.sendAll();

    const rows = await store.database.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.orderId, orderId), eq(notificationOutbox.notice, 'order_placed_cod')));
    expect(rows.map((row) => [row.status, row.lastError])).toEqual([
      ['skipped', ORDER_CANCELLED_BEFORE_SENDING],
      ['skipped', ORDER_CANCELLED_BEFORE_SENDING],
    ]);
    expect(await desk.sentTo([shopper.phone])).toEqual([]);
  });

  it("puts no shopper's free text in a template's parameters", async () => {
    await desk.setCod();
    const shopper = await desk.shopperWithPhone({ fullName: 'SBI KYC blocked, verify at evil.example/k' });
    const product = await createTestProduct(store.database, { priceRupees: 500, stock: 10 });
    const placed = await desk.placeCod(shopper.headers, [{ product, quantity: 1 }], { phone: shopper.phone });
    expect(placed.statusCode, placed.body).toBe(200);
    await desk.sendAll();

    const [message] = await desk.sentTo([shopper.phone]);
    expect(message?.params[0]).toBe('there');
    expect(message?.text).not.toContain('evil.example');
    // The owner's notice names no such customer either.
    const ownerMails = await store.database.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'owner-cod-order'));
    expect(ownerMails.some((mail) => mail.text.includes('evil.example'))).toBe(false);
  });

  it("gives a gift's recipient only the gift's news, a few a day per number across the store", async () => {
    await desk.setCod();
    const recipient = stranger(50);
    const product = await createTestProduct(store.database, { priceRupees: 500, stock: 20 });
    const orderIds: string[] = [];
    for (let index = 0; index < GIFT_MESSAGES_PER_NUMBER_PER_DAY + 2; index++) {
      const sender = await desk.shopperWithPhone();
      const placed = await desk.placeCod(sender.headers, [{ product, quantity: 1 }], {
        phone: recipient,
        notifyPhone: sender.phone,
        gift: true,
      });
      expect(placed.statusCode, placed.body).toBe(200);
      orderIds.push(placed.json<CashOrderResponse>().orderId);
    }
    const at = clock.now();
    for (const [index, orderId] of orderIds.entries()) {
      await store.database.db.transaction((tx) =>
        queueOrderNotice(
          tx,
          { orderId, notice: 'gift_on_its_way', key: `gift-test-${index}`, at },
          'gift_recipient',
        ),
      );
    }
    await desk.sendAll();

    const got = await desk.sentTo([recipient]);
    expect(got.map((message) => message.template)).toEqual(
      Array(GIFT_MESSAGES_PER_NUMBER_PER_DAY).fill('gift_on_its_way'),
    );
  });

  it("bounds the messages one account's orders cause in a day", async () => {
    await desk.setCod();
    const shopper = await desk.shopperWithPhone();
    const product = await createTestProduct(store.database, { priceRupees: 500, stock: 10 });
    const placed = await desk.placeCod(shopper.headers, [{ product, quantity: 1 }], { phone: shopper.phone });
    const { orderId } = placed.json<CashOrderResponse>();
    const at = clock.now();
    for (let index = 0; index < MESSAGES_PER_ACCOUNT_PER_DAY; index++) {
      await store.database.db.transaction((tx) =>
        queueOrderNotice(tx, { orderId, notice: 'order_shipped', key: `day-test-${index}`, at }),
      );
    }
    const rows = await store.database.db
      .select({ id: notificationOutbox.id })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.orderId, orderId));
    expect(rows).toHaveLength(MESSAGES_PER_ACCOUNT_PER_DAY);
  });
});

describe('the owner under a burst of orders', () => {
  const clock = createTestClock('2031-05-04T04:10:00.000Z');
  const store = setUpTestStore({ clock, env: { BACKGROUND_JOBS: 'false' }, seed: seedPincodes });
  const desk = codDesk(store);

  it('tells the owner of the first few at once and the rest in one digest', async () => {
    await desk.setCod();
    const product = await createTestProduct(store.database, { priceRupees: 500, stock: 50 });
    const extra = 4;
    for (let index = 0; index < OWNER_BURST_NOTICES + extra; index++) {
      const shopper = await desk.shopperWithPhone();
      const placed = await desk.placeCod(shopper.headers, [{ product, quantity: 1 }], {
        phone: shopper.phone,
      });
      expect(placed.statusCode, placed.body).toBe(200);
    }
    const told = () =>
      store.database.db
        .select({ kind: mailOutbox.kind })
        .from(mailOutbox)
        .where(inArray(mailOutbox.kind, ['owner-cod-order', 'owner-digest']));
    expect((await told()).map((mail) => mail.kind)).toEqual(
      Array(OWNER_BURST_NOTICES).fill('owner-cod-order'),
    );
    expect(await store.app.ownerNotices.waiting()).toHaveLength(extra);

    clock.set(new Date(clock.now().getTime() + HOUR));
    expect(await store.app.ownerNotices.sendDigest()).toBe(extra);
    expect((await told()).filter((mail) => mail.kind === 'owner-digest')).toHaveLength(1);
  });
});

describe("a day's orders and cancels", () => {
  const clock = createTestClock('2031-05-04T04:20:00.000Z');
  const store = setUpTestStore({
    clock,
    env: { BACKGROUND_JOBS: 'false', ORDERS_PER_DAY: '3', CANCELS_PER_DAY: '2' },
    seed: seedPincodes,
  });
  const desk = codDesk(store);

  it('refuses an account past its orders and cancels for the day with 429', async () => {
    await desk.setCod();
    const shopper = await desk.shopperWithPhone();
    const product = await createTestProduct(store.database, { priceRupees: 500, stock: 50 });
    const line = [{ product, quantity: 1 }];
    const answers: number[] = [];
    for (let index = 0; index < 3; index++) {
      const placed = await desk.placeCod(shopper.headers, line, { phone: shopper.phone });
      answers.push(placed.statusCode);
      if (placed.statusCode === 200) {
        answers.push(
          (await desk.cancel(shopper.headers, placed.json<CashOrderResponse>().orderId)).statusCode,
        );
      }
    }
    // Three orders placed; the third's cancel is one too many.
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    const fourth = await desk.placeCod(shopper.headers, line, { phone: shopper.phone });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(ORDER_ALLOWANCE_MESSAGES.placing);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses one address past three accounts’ orders for the day', async () => {
    await desk.setCod();
    const product = await createTestProduct(store.database, { priceRupees: 500, stock: 50 });
    const remoteAddress = '192.0.2.77';
    const answers: number[] = [];
    for (let index = 0; index < 10; index++) {
      const shopper = await desk.shopperWithPhone();
      const placed = await desk.placeCod(shopper.headers, [{ product, quantity: 1 }], {
        phone: shopper.phone,
        remoteAddress,
      });
      answers.push(placed.statusCode);
    }
    expect(answers).toEqual([...Array(9).fill(200), 429]);
  });
});
