import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GiftLinkView } from '../../../shared/api/gift-links';
import type { OrderRecord } from '../../../shared/api/orders';
import { GIFT_LINK_MESSAGES, tooManyGiftLinksMessage } from '../../../shared/gift-links';
import {
  giftLinks,
  mailOutbox,
  notificationOutbox,
  orderCharges,
  orders,
  products,
  sandboxMessages,
} from '../../db/schema';
import {
  linkBody,
  paidLink,
  postLink,
  saveOwnerSettings,
  senderWithPhone,
  sentToken,
} from '../../testing/gift-link-fixtures';
import { createTestProduct, seedPincodes } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { giftLinkTokenHashOf } from './gift-link-orders';

// Decision 0081: a gift sent by link, from the sender's checkout to the recipient's page.

const clock = createTestClock('2026-11-23T11:00:00+05:30');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  customer: true,
});

const stockOf = async (id: number) =>
  (await store.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]
    ?.stock;

describe('sending a gift by link', () => {
  it('takes no address, reserves the stock and charges the midnight fee the sender allowed', async () => {
    const sender = await senderWithPhone(store);
    const product = await createTestProduct(store.database, {
      name: 'Silver Diya Pair',
      priceRupees: 450,
      stock: 5,
    });
    const lines = [{ product, quantity: 2 }];
    const created = await postLink(store, sender.headers, linkBody(lines));
    expect(created.statusCode, created.body).toBe(200);
    // ₹900 of diyas, free shipping from ₹1,000 not reached (₹50), and the midnight slot's ₹199.
    expect(created.json().totalAmount).toBe(1149);
    const [order] = await store.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, created.json().orderId));
    expect(order).toMatchObject({ shippingAddress: null, deliveryPincode: null, totalPaise: 114_900 });
    expect(await stockOf(product.id)).toBe(3);
    const fees = await store.database.db
      .select({ kind: orderCharges.kind, paise: orderCharges.amountPaise })
      .from(orderCharges)
      .where(eq(orderCharges.orderId, created.json().orderId));
    expect(fees).toEqual([
      { kind: 'shipping', paise: 5000 },
      { kind: 'delivery_slot', paise: 19_900 },
    ]);
  });

  it('sends the link by SMS once paid, keeping only its hash, and holds the invoice for the address', async () => {
    const sender = await senderWithPhone(store, 'Asha Rao');
    const product = await createTestProduct(store.database, { name: 'Kaju Katli Box', priceRupees: 600 });
    const { order, token } = await paidLink(store, sender, [{ product, quantity: 1 }]);
    expect(token).toMatch(/^[\w-]{43}$/);
    const [link] = await store.database.db
      .select()
      .from(giftLinks)
      .where(eq(giftLinks.orderId, order.orderId));
    expect(link).toMatchObject({ state: 'sent', tokenHash: giftLinkTokenHashOf(token ?? '') });
    const shown = (
      await store.app.inject({ url: `/api/orders/${order.orderId}`, headers: sender.headers })
    ).json<OrderRecord>();
    expect(shown.status).toBe('paid');
    expect(shown.invoiceNumber).toBeNull();
    expect(shown.giftLink).toMatchObject({ recipientName: 'Kavya Reddy', state: 'sent', delivery: null });
    // The sender's confirmation names who gives the address, never an address of its own.
    const [confirmation] = await store.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, order.orderId), eq(mailOutbox.kind, 'order-confirmation')));
    expect(confirmation?.text).toContain(
      'Delivering to:\n  Kavya Reddy, by your gift link: they give the address\n',
    );
  });

  it('refuses a sender whose mobile is not verified, creating nothing', async () => {
    const product = await createTestProduct(store.database, { stock: 4 });
    const before = await store.database.db.$count(orders);
    const response = await postLink(store, store.customer.headers, linkBody([{ product, quantity: 1 }]));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(GIFT_LINK_MESSAGES.phoneNeeded);
    expect(await store.database.db.$count(orders)).toBe(before);
    expect(await stockOf(product.id)).toBe(4);
  });

  it("refuses a link beyond the owner's links a day", async () => {
    await saveOwnerSettings(store, { giftLinksPerDay: 1 });
    try {
      const sender = await senderWithPhone(store);
      const product = await createTestProduct(store.database);
      const lines = [{ product, quantity: 1 }];
      expect((await postLink(store, sender.headers, linkBody(lines))).statusCode).toBe(200);
      const second = await postLink(store, sender.headers, linkBody(lines));
      expect(second.statusCode).toBe(429);
      expect(second.json().message).toBe(tooManyGiftLinksMessage(1));
    } finally {
      await saveOwnerSettings(store, { giftLinksPerDay: 10 });
    }
  });
});

describe("the recipient's page", () => {
  it('opens from the token alone: the sender, a surprise and the message, and the sender sees it opened', async () => {
    const sender = await senderWithPhone(store, 'Asha Rao');
    const product = await createTestProduct(store.database, { name: 'Brass Urli' });
    const { order, token } = await paidLink(store, sender, [{ product, quantity: 1 }]);
    const opened = await store.app.inject({ url: `/api/gift-links/${token}` });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<GiftLinkView>()).toMatchObject({
      senderName: 'Asha Rao',
      recipientName: 'Kavya Reddy',
      items: null,
      message: 'Happy birthday, Kavya!',
      allowedSlots: ['standard', 'midnight'],
      state: 'opened',
    });
    const mine = (
      await store.app.inject({ url: `/api/orders/${order.orderId}`, headers: sender.headers })
    ).json<OrderRecord>();
    expect(mine.giftLink?.state).toBe('opened');
  });

  it('shows the product when the sender lets the recipient see it', async () => {
    const sender = await senderWithPhone(store);
    const product = await createTestProduct(store.database, { name: 'Sandalwood Ganesha' });
    const { token } = await paidLink(store, sender, [{ product, quantity: 2 }], { revealGift: true });
    const opened = (await store.app.inject({ url: `/api/gift-links/${token}` })).json<GiftLinkView>();
    expect(opened.items).toEqual([{ name: 'Sandalwood Ganesha', image: expect.any(String), quantity: 2 }]);
  });

  it('answers 404 to a wrong token, and to a link not yet paid for', async () => {
    const wrong = await store.app.inject({ url: `/api/gift-links/${'x'.repeat(43)}` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(GIFT_LINK_MESSAGES.notFound);
  });
});

describe("the sender's resend", () => {
  it('sends a new link to a corrected number before it is opened; the old one stops working', async () => {
    const sender = await senderWithPhone(store);
    const product = await createTestProduct(store.database);
    const { order, token } = await paidLink(store, sender, [{ product, quantity: 1 }]);
    const resend = (headers: Record<string, string>, payload: Record<string, unknown>) =>
      store.app.inject({
        method: 'POST',
        url: `/api/orders/${order.orderId}/gift-link/resend`,
        headers,
        payload,
      });
    expect((await resend(store.customer.headers, { phone: '9123456780' })).statusCode).toBe(404);
    const sent = await resend(sender.headers, { phone: '91234 56780' });
    expect(sent.statusCode, sent.body).toBe(200);
    const fresh = await sentToken(store, '9123456780');
    expect(fresh).not.toBe(token);
    expect((await store.app.inject({ url: `/api/gift-links/${token}` })).statusCode).toBe(404);
    expect((await store.app.inject({ url: `/api/gift-links/${fresh}` })).statusCode).toBe(200);
    // Opened now: it can no longer be sent elsewhere.
    const late = await resend(sender.headers, { phone: '9123456781' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(GIFT_LINK_MESSAGES.alreadyOpened);
  });
});

describe("the link's SMS", () => {
  it('goes out through the messenger to the recipient, naming the store and the sender', async () => {
    const sender = await senderWithPhone(store, 'Asha Rao');
    const product = await createTestProduct(store.database);
    const body = linkBody([{ product, quantity: 1 }]);
    const phone = body.recipient.phone ?? '';
    const { token } = await paidLink(store, sender, [{ product, quantity: 1 }], body);
    await store.app.notifications.sendDue(100);
    const [row] = await store.database.db
      .select({ status: notificationOutbox.status, lastError: notificationOutbox.lastError })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.recipient, phone), eq(notificationOutbox.notice, 'gift_link')));
    expect(row).toEqual({ status: 'sent', lastError: null });
    const sent = await store.database.db
      .select({ channel: sandboxMessages.channel, text: sandboxMessages.text })
      .from(sandboxMessages)
      .where(eq(sandboxMessages.recipient, phone));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.channel).toBe('sms');
    expect(sent[0]?.text).toContain(`Hello Kavya Reddy, Asha Rao has sent you a gift from`);
    expect(sent[0]?.text).toContain(`/gift/${token}`);
  });
});
