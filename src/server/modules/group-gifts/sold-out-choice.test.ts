import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GroupGiftView, ReplacementGiftList } from '../../../shared/api/group-gifts';
import type { OrderRecord } from '../../../shared/api/orders';
import { PAYMENT_MESSAGES } from '../../../shared/api/payments';
import {
  GROUP_GIFT_MESSAGES,
  replacementTooDearMessage,
  SOLD_OUT_CHOICE_DAYS,
} from '../../../shared/group-gifts';
import { DAY_MS } from '../../../shared/india-time';
import { netPaise } from '../../../shared/money-ledger';
import {
  groupGiftContributions,
  invoices,
  notificationOutbox,
  orderItems,
  payments,
  products,
  users,
} from '../../db/schema';
import { senderWithPhone } from '../../testing/gift-link-fixtures';
import { chipIn, ledgerLinesOf, openPool, storedPool } from '../../testing/group-gift-fixtures';
import { createTestProduct, payOrder, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import type { TestAccount } from '../../testing/test-accounts';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0084: a pool met just as its gift sold out waits for its organiser, who chooses another
// gift at up to what was collected (the difference back to each friend in proportion to their
// share, to the paisa) or refunds everyone; without a choice in 3 days, everyone is refunded.
// The issue's ₹1,499 gift (free shipping from ₹1,000, so a gift's price is its total).

const clock = createTestClock('2026-12-01T11:00:00+05:30');
const store = setUpTestStore({ clock, env: { BACKGROUND_JOBS: 'false' }, seed: seedPincodes, admin: true });
const db = () => store.database.db;

const poolOf = (token: string) => storedPool(store, token);
const ledgerOf = (orderId: string) => ledgerLinesOf(store, orderId);

const stockOf = async (id: number) =>
  (await db().select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]?.stock;

const newsTo = async (account: TestAccount) => {
  const [user] = await db().select({ phone: users.phone }).from(users).where(eq(users.id, account.user.id));
  const rows = await db()
    .select({ details: notificationOutbox.details })
    .from(notificationOutbox)
    .where(
      and(eq(notificationOutbox.recipient, user?.phone ?? ''), eq(notificationOutbox.notice, 'group_gift')),
    )
    .orderBy(asc(notificationOutbox.id));
  return rows.map((row) => row.details.event);
};

/**
 * A ₹1,499 pool met by three friends (₹500, ₹500, ₹499) after its only clock sold to another
 * shopper: it waits for the organiser.
 */
async function soldOutPool() {
  const organiser = await senderWithPhone(store, 'Anita Desai');
  const clockGift = await createTestProduct(store.database, {
    name: 'Brass Table Clock',
    priceRupees: 1499,
    stock: 1,
  });
  const opened = await openPool(store, organiser, [{ product: clockGift, quantity: 1 }]);
  const friends = [await senderWithPhone(store), await senderWithPhone(store), await senderWithPhone(store)];
  await chipIn(store, friends[0]!, opened.token, { amount: 500 });
  await chipIn(store, friends[1]!, opened.token, { amount: 500 });
  const buyer = await store.newCustomer();
  await payOrder(
    store.app,
    buyer.headers,
    await placeOrder(store.app, buyer.headers, [{ product: clockGift, quantity: 1 }]),
  );
  const last = await chipIn(store, friends[2]!, opened.token, { amount: 499 });
  return { organiser, friends, token: opened.token, clockGift, last };
}

const replacementsOf = (token: string, account: TestAccount) =>
  store.app.inject({ url: `/api/group-gifts/${token}/replacements`, headers: account.headers });

const choose = (token: string, account: TestAccount, body: { productId: number; totalAmount: number }) =>
  store.app.inject({
    method: 'POST',
    url: `/api/group-gifts/${token}/replacement`,
    headers: account.headers,
    payload: body,
  });

describe('a group gift met as its gift sold out', () => {
  it('waits for the organiser, who chooses a ₹1,000 gift: one order placed, ₹499 back to the three friends in proportion, to the paisa', async () => {
    const diyas = await createTestProduct(store.database, {
      name: 'Silver Diya Set',
      priceRupees: 1000,
      stock: 3,
    });
    const stole = await createTestProduct(store.database, {
      name: 'Pashmina Stole',
      priceRupees: 1450,
      stock: 2,
    });
    const box = await createTestProduct(store.database, {
      name: 'Teak Jewellery Box',
      priceRupees: 1600,
      stock: 2,
    });
    const { organiser, friends, token, clockGift, last } = await soldOutPool();

    // The last share is taken; the pool waits, holding ₹1,499, and its order is not placed.
    expect(last).toMatchObject({ takenAmount: 499, refundedAmount: 0 });
    expect(last.pool).toMatchObject({ state: 'sold_out', collectedAmount: 1499, orderNumber: null });
    const waiting = await poolOf(token);
    expect(waiting.orders.status).toBe('pending');
    expect(last.pool.chooseBy).toBe(
      new Date(waiting.group_gifts.closedAt!.getTime() + SOLD_OUT_CHOICE_DAYS * DAY_MS).toISOString(),
    );
    expect(await newsTo(organiser)).toEqual(['sold_out']);
    expect(await newsTo(friends[0]!)).toEqual(['taken', 'sold_out_wait']);

    // The organiser is offered gifts in stock up to ₹1,499, each priced with the pool's delivery.
    const offered = await replacementsOf(token, organiser);
    expect(offered.statusCode, offered.body).toBe(200);
    const gifts = offered.json<ReplacementGiftList>().data;
    expect(gifts.find((gift) => gift.productId === stole.id)).toEqual({
      productId: stole.id,
      name: 'Pashmina Stole',
      image: expect.stringMatching(/^\/uploads\/products\/\d+\.webp$/),
      totalAmount: 1450,
      refundAmount: 49,
    });
    expect(gifts.find((gift) => gift.productId === diyas.id)).toMatchObject({
      totalAmount: 1000,
      refundAmount: 499,
    });
    expect(gifts.map((gift) => gift.productId)).not.toContain(box.id);
    expect(gifts.map((gift) => gift.productId)).not.toContain(clockGift.id);
    expect(gifts.every((gift) => gift.totalAmount <= 1499)).toBe(true);

    const chosen = await choose(token, organiser, { productId: diyas.id, totalAmount: 1000 });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<GroupGiftView>()).toMatchObject({
      state: 'met',
      items: [{ name: 'Silver Diya Set', quantity: 1 }],
      targetAmount: 1000,
      collectedAmount: 1000,
      chooseBy: null,
    });

    const { orders: order } = await poolOf(token);
    expect(order).toMatchObject({ status: 'paid', totalPaise: 100_000, subtotalPaise: 100_000 });
    expect(
      await db()
        .select({ productId: orderItems.productId, reserved: orderItems.reservedQuantity })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id)),
    ).toEqual([{ productId: diyas.id, reserved: 1 }]);
    expect(await stockOf(diyas.id)).toBe(2);
    // ₹499 back: 499 x 500/1,499 is ₹166.44 and a bit (twice), 499 x 499/1,499 is ₹166.11 and a
    // bit; the paisa left goes to the largest remainder, the first share's on the tie.
    const ledger = await ledgerOf(order.id);
    expect(
      ledger.filter((line) => line.reason === 'group_gift_surplus').map((line) => line.amountPaise),
    ).toEqual([16_645, 16_644, 16_611]);
    expect(netPaise(ledger)).toBe(100_000);
    const shares = await db()
      .select({ takenPaise: groupGiftContributions.takenPaise })
      .from(groupGiftContributions)
      .where(eq(groupGiftContributions.groupGiftId, (await poolOf(token)).group_gifts.id))
      .orderBy(asc(groupGiftContributions.id));
    expect(shares.map((share) => share.takenPaise)).toEqual([33_355, 33_356, 33_289]);
    const refundedAtProvider = await db()
      .select({ refundedPaise: payments.refundedPaise })
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(asc(payments.id));
    expect(refundedAtProvider.map((row) => row.refundedPaise)).toEqual([16_645, 16_644, 16_611]);
    // One order, in the organiser's My Orders, its one invoice for ₹1,000 to the organiser.
    const mine = (await store.app.inject({ url: '/api/orders/my-orders', headers: organiser.headers })).json<{
      data: OrderRecord[];
    }>().data;
    expect(mine.map((row) => [row.id, row.totalAmount])).toEqual([[order.id, 1000]]);
    const issued = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(issued).toHaveLength(1);
    expect((issued[0]!.data as { buyer: { email: string } }).buyer.email).toBe(organiser.user.email);
    expect(await newsTo(friends[0]!)).toEqual(['taken', 'sold_out_wait', 'surplus', 'met']);
    // Chosen once: a second choice changes nothing.
    const again = await choose(token, organiser, { productId: stole.id, totalAmount: 1450 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(GROUP_GIFT_MESSAGES.notSoldOut);
    expect(await stockOf(stole.id)).toBe(2);
  });

  it('refuses a dearer gift, a total the organiser did not see, and anyone but the organiser', async () => {
    const box = await createTestProduct(store.database, {
      name: 'Teak Jewellery Box',
      priceRupees: 1600,
      stock: 2,
    });
    const lamp = await createTestProduct(store.database, { name: 'Brass Lamp', priceRupees: 1200, stock: 2 });
    const { organiser, friends, token } = await soldOutPool();

    const dearer = await choose(token, organiser, { productId: box.id, totalAmount: 1600 });
    expect(dearer.statusCode).toBe(409);
    expect(dearer.json().message).toBe(replacementTooDearMessage(160_000, 149_900));
    const unseen = await choose(token, organiser, { productId: lamp.id, totalAmount: 1100 });
    expect(unseen.statusCode).toBe(409);
    expect(unseen.json().message).toBe(PAYMENT_MESSAGES.pricesChanged);
    for (const other of [friends[0]!, await senderWithPhone(store)]) {
      expect((await replacementsOf(token, other)).statusCode).toBe(403);
      const taken = await choose(token, other, { productId: lamp.id, totalAmount: 1200 });
      expect(taken.statusCode).toBe(403);
      expect(taken.json().message).toBe(GROUP_GIFT_MESSAGES.organiserOnly);
    }
    expect((await poolOf(token)).group_gifts.state).toBe('sold_out');
    expect(await stockOf(lamp.id)).toBe(2);

    // 'Refund everyone': each share back once, the order cancelled, the ledger at zero.
    const refunded = await store.app.inject({
      method: 'POST',
      url: `/api/group-gifts/${token}/close`,
      headers: organiser.headers,
    });
    expect(refunded.json<GroupGiftView>().state).toBe('refunded');
    const { orders: order } = await poolOf(token);
    expect(order.status).toBe('cancelled');
    expect(netPaise(await ledgerOf(order.id))).toBe(0);
  });

  it('refunds everyone once when no gift is chosen in 3 days, and not before', async () => {
    const { friends, token } = await soldOutPool();
    const start = clock.now();
    try {
      clock.set(new Date(start.getTime() + SOLD_OUT_CHOICE_DAYS * DAY_MS - 60_000));
      await store.app.groupGifts.expireDue();
      expect((await poolOf(token)).group_gifts.state).toBe('sold_out');
      clock.set(new Date(start.getTime() + SOLD_OUT_CHOICE_DAYS * DAY_MS));
      await store.app.groupGifts.expireDue();
      await store.app.groupGifts.expireDue();
    } finally {
      clock.set(start);
    }
    const { group_gifts: pool, orders: order } = await poolOf(token);
    expect(pool.state).toBe('refunded');
    expect(order.status).toBe('cancelled');
    const ledger = await ledgerOf(order.id);
    expect(ledger.filter((line) => line.kind === 'refunded').map((line) => line.amountPaise)).toEqual([
      50_000, 50_000, 49_900,
    ]);
    expect(netPaise(ledger)).toBe(0);
    expect(await newsTo(friends[2]!)).toEqual(['taken', 'sold_out_wait', 'refunded']);
  });
});
