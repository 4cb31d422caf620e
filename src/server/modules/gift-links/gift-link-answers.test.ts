import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminOrderList } from '../../../shared/api/admin';
import type { GiftLinkView } from '../../../shared/api/gift-links';
import type { OrderRecord } from '../../../shared/api/orders';
import { GIFT_LINK_LAPSED_NOTE, GIFT_LINK_MESSAGES } from '../../../shared/gift-links';
import { invoices, orderCharges, products } from '../../db/schema';
import { BENGALURU, ledgerOf, paidLink, senderWithPhone } from '../../testing/gift-link-fixtures';
import { createTestProduct, seedPincodes } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0081: the recipient's answer makes a gift link an ordinary order, or cancels it.

// 11:00 India time on Monday 23 November 2026: Bengaluru (560001) can have it the same day.
const MORNING = '2026-11-23T11:00:00+05:30';
const clock = createTestClock(MORNING);
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  customer: true,
  admin: true,
});

const DELHI = {
  ...BENGALURU,
  address: '21 Hauz Khas Village',
  city: 'New Delhi',
  state: 'Delhi',
  postalCode: '110001',
};

const answer = (token: string | null, body: Record<string, unknown>) =>
  store.app.inject({ method: 'POST', url: `/api/gift-links/${token}/accept`, payload: body });

const invoiceOf = async (orderId: string) =>
  (
    await store.database.db
      .select({ data: invoices.data })
      .from(invoices)
      .where(eq(invoices.orderId, orderId))
  )[0]?.data as { placeOfSupply: { state: string }; totals: { total: number } } | undefined;

describe("the recipient's answer", () => {
  it('makes it an ordinary order: the owner sees the address, the sender only the date, the invoice is Karnataka’s', async () => {
    const sender = await senderWithPhone(store, 'Asha Rao');
    const product = await createTestProduct(store.database, { name: 'Mysore Silk Stole', priceRupees: 1200 });
    const { order, token } = await paidLink(store, sender, [{ product, quantity: 1 }]);
    const response = await answer(token, {
      address: BENGALURU,
      landmark: 'opposite Forum Mall',
      delivery: { date: '2026-11-24', slot: 'midnight' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<GiftLinkView>()).toMatchObject({
      state: 'addressed',
      delivery: { date: '2026-11-24', slot: 'midnight' },
    });

    const mine = (
      await store.app.inject({ url: `/api/orders/${order.orderId}`, headers: sender.headers })
    ).json<OrderRecord>();
    expect(mine.giftLink).toMatchObject({
      state: 'addressed',
      delivery: { date: '2026-11-24', slot: 'midnight' },
    });
    expect(mine.shippingAddress).toMatchObject({ address: '', postalCode: '', phone: '' });
    expect(mine.addressEditable).toBe(false);
    expect(JSON.stringify(mine)).not.toContain('Koramangala');
    expect(mine.events.at(-1)?.note).toBe(
      'The recipient gave the delivery address: arriving Tue, 24 Nov · Midnight delivery (11 PM - 11:59 PM)',
    );
    // Midnight was paid for: nothing comes back. ₹1,200 + free shipping + ₹199.
    expect(mine.totalAmount).toBe(1399);

    const owner = (
      await store.app.inject({ url: `/api/admin/orders/${order.orderId}`, headers: store.admin.headers })
    ).json<AdminOrderDetail>();
    expect(owner.order.shippingAddress).toMatchObject({
      fullName: 'Kavya Reddy',
      address: 'Flat 4B, Prestige Lakeside, 80 Feet Road, Koramangala, near opposite Forum Mall',
      postalCode: '560001',
    });
    expect(await invoiceOf(order.orderId)).toMatchObject({
      placeOfSupply: { state: 'Karnataka' },
      totals: { total: 1399 },
    });
  });

  it('refunds the midnight fee when the recipient picks standard delivery, and invoices Delhi', async () => {
    const sender = await senderWithPhone(store);
    const product = await createTestProduct(store.database, { name: 'Pashmina Shawl', priceRupees: 1500 });
    const { order, token } = await paidLink(store, sender, [{ product, quantity: 1 }]);
    const response = await answer(token, {
      address: DELHI,
      delivery: { date: '2026-11-27', slot: 'standard' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await ledgerOf(store, order.orderId)).toEqual([
      { kind: 'captured', paise: 169_900, reason: 'payment' },
      { kind: 'refunded', paise: 19_900, reason: 'gift_delivery' },
    ]);
    const fees = await store.database.db
      .select({ kind: orderCharges.kind, paise: orderCharges.amountPaise })
      .from(orderCharges)
      .where(eq(orderCharges.orderId, order.orderId));
    expect(fees).toEqual([{ kind: 'shipping', paise: 0 }]);
    const mine = (
      await store.app.inject({ url: `/api/orders/${order.orderId}`, headers: sender.headers })
    ).json<OrderRecord>();
    expect(mine.totalAmount).toBe(1500);
    expect(mine.events.at(-1)?.note).toContain(
      'The recipient chose a cheaper delivery: ₹199 is refunded to you',
    );
    expect(await invoiceOf(order.orderId)).toMatchObject({
      placeOfSupply: { state: 'Delhi' },
      totals: { total: 1500 },
    });
  });

  it('refuses a slot the sender did not allow', async () => {
    const sender = await senderWithPhone(store);
    const product = await createTestProduct(store.database);
    const { token } = await paidLink(store, sender, [{ product, quantity: 1 }], {
      allowedSlots: ['standard'],
    });
    const notAllowed = await answer(token, {
      address: BENGALURU,
      delivery: { date: '2026-11-24', slot: 'midnight' },
    });
    expect(notAllowed.statusCode).toBe(400);
    expect(notAllowed.json().message).toBe(GIFT_LINK_MESSAGES.slotNotAllowed);
  });

  it('says so for a pincode the store does not deliver to, and keeps the link open', async () => {
    const sender = await senderWithPhone(store);
    const product = await createTestProduct(store.database);
    const { token } = await paidLink(store, sender, [{ product, quantity: 1 }]);
    // 999999 is in no directory: not delivered to.
    const nowhere = await answer(token, {
      address: { ...BENGALURU, postalCode: '999999' },
      delivery: { date: '2026-11-27', slot: 'standard' },
    });
    expect(nowhere.statusCode).toBe(409);
    expect(nowhere.json().message).toBe(GIFT_LINK_MESSAGES.notDelivered);
    const again = await store.app.inject({ url: `/api/gift-links/${token}` });
    expect(again.json<GiftLinkView>().state).toBe('opened');
  });

  it('declines: the order is cancelled, its stock back and the sender refunded in full; a second answer is refused', async () => {
    const sender = await senderWithPhone(store);
    const product = await createTestProduct(store.database, { priceRupees: 800, stock: 6 });
    const { order, token } = await paidLink(store, sender, [{ product, quantity: 2 }]);
    const declined = await store.app.inject({ method: 'POST', url: `/api/gift-links/${token}/decline` });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<GiftLinkView>().state).toBe('declined');
    const [row] = await store.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.stock).toBe(6);
    // ₹1,600 + free shipping + ₹199, all of it back.
    expect(await ledgerOf(store, order.orderId)).toEqual([
      { kind: 'captured', paise: 179_900, reason: 'payment' },
      { kind: 'refunded', paise: 179_900, reason: 'cancelled' },
    ]);
    const late = await answer(token, {
      address: BENGALURU,
      delivery: { date: '2026-11-24', slot: 'standard' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(GIFT_LINK_MESSAGES.alreadyAnswered);
  });

  it('is not found with a wrong or expired token, and another account cannot read the order', async () => {
    const sender = await senderWithPhone(store);
    const product = await createTestProduct(store.database);
    const { order, token } = await paidLink(store, sender, [{ product, quantity: 1 }]);
    const wrong = await answer('A'.repeat(43), {
      address: BENGALURU,
      delivery: { date: '2026-11-24', slot: 'standard' },
    });
    expect(wrong.statusCode).toBe(404);
    const other = await store.app.inject({
      url: `/api/orders/${order.orderId}`,
      headers: store.customer.headers,
    });
    expect(other.statusCode).toBe(404);
    clock.set('2026-12-01T11:00:00+05:30');
    try {
      const expired = await store.app.inject({ url: `/api/gift-links/${token}` });
      expect(expired.statusCode).toBe(404);
      expect(expired.json().message).toBe(GIFT_LINK_MESSAGES.notFound);
    } finally {
      clock.set(MORNING);
    }
  });
});

describe("the owner's order list", () => {
  it('keeps a link waiting for its recipient in its own queue until the address is given', async () => {
    const sender = await senderWithPhone(store);
    const product = await createTestProduct(store.database);
    const { order, token } = await paidLink(store, sender, [{ product, quantity: 1 }]);
    const numbersIn = async (query: string) =>
      (
        await store.app.inject({
          url: `/api/admin/orders?q=${order.orderNumber}${query}`,
          headers: store.admin.headers,
        })
      )
        .json<AdminOrderList>()
        .data.map((row) => row.orderNumber);
    expect(await numbersIn('')).toEqual([]);
    expect(await numbersIn('&queue=waiting-for-recipient')).toEqual([order.orderNumber]);
    await answer(token, { address: BENGALURU, delivery: { date: '2026-11-24', slot: 'standard' } });
    expect(await numbersIn('')).toEqual([order.orderNumber]);
    expect(await numbersIn('&queue=waiting-for-recipient')).toEqual([]);
  });
});

describe('a link that expires', () => {
  it('stops working, waits three days for the sender, then refunds in full with the stock back', async () => {
    const sender = await senderWithPhone(store);
    const product = await createTestProduct(store.database, { priceRupees: 700, stock: 3 });
    const { order, token } = await paidLink(store, sender, [{ product, quantity: 1 }]);
    try {
      // Seven days on (the owner's default life), the link is gone and the sender is asked.
      clock.set('2026-11-30T11:00:01+05:30');
      // Links of this file's other tests expire with it: the sweep is judged by this one.
      await store.app.giftLinks.expireDue();
      expect((await store.app.inject({ url: `/api/gift-links/${token}` })).statusCode).toBe(404);
      const asked = (
        await store.app.inject({ url: `/api/orders/${order.orderId}`, headers: sender.headers })
      ).json<OrderRecord>();
      expect(asked).toMatchObject({ status: 'paid', giftLink: { state: 'expired' } });
      expect(asked.events.at(-1)?.note).toBe(GIFT_LINK_LAPSED_NOTE);
      // Three days more without a choice: refunded in full, its unit back on the shelf.
      clock.set('2026-12-03T11:00:02+05:30');
      await store.app.giftLinks.expireDue();
      // ₹700 + ₹50 shipping + ₹199 midnight.
      expect(await ledgerOf(store, order.orderId)).toEqual([
        { kind: 'captured', paise: 94_900, reason: 'payment' },
        { kind: 'refunded', paise: 94_900, reason: 'cancelled' },
      ]);
      const [row] = await store.database.db
        .select({ stock: products.stock })
        .from(products)
        .where(eq(products.id, product.id));
      expect(row?.stock).toBe(3);
      // A sweep again refunds nothing twice.
      await store.app.giftLinks.expireDue();
      expect(await ledgerOf(store, order.orderId)).toHaveLength(2);
    } finally {
      clock.set(MORNING);
    }
  });

  it("lets only its sender choose: another account's refund is 404, the sender's own address makes it an order", async () => {
    const sender = await senderWithPhone(store);
    const product = await createTestProduct(store.database, { priceRupees: 1500 });
    const { order } = await paidLink(store, sender, [{ product, quantity: 1 }]);
    try {
      clock.set('2026-11-30T11:00:01+05:30');
      await store.app.giftLinks.expireDue();
      // The sender's order page offers the deliveries they allowed for the address they may give.
      const mine = await store.app.inject({ url: `/api/orders/${order.orderId}`, headers: sender.headers });
      expect(mine.json<OrderRecord>().giftLink).toMatchObject({
        state: 'expired',
        allowedSlots: ['standard', 'midnight'],
      });
      const other = await store.app.inject({
        method: 'POST',
        url: `/api/orders/${order.orderId}/gift-link/refund`,
        headers: store.customer.headers,
      });
      expect(other.statusCode).toBe(404);
      const typed = await store.app.inject({
        method: 'POST',
        url: `/api/orders/${order.orderId}/gift-link/address`,
        headers: sender.headers,
        payload: { address: DELHI, delivery: { date: '2026-12-04', slot: 'standard' } },
      });
      expect(typed.statusCode, typed.body).toBe(200);
      expect(typed.json<OrderRecord>()).toMatchObject({
        status: 'paid',
        totalAmount: 1500,
        giftLink: { state: 'addressed', delivery: { date: '2026-12-04', slot: 'standard' } },
      });
    } finally {
      clock.set(MORNING);
    }
  });
});
