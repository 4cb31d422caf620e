import { and, asc, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminGroupGiftList, ContributeResponse, GroupGiftView } from '../../../shared/api/group-gifts';
import type { OrderRecord } from '../../../shared/api/orders';
import { GROUP_GIFT_MESSAGES, tooManyGroupGiftsMessage } from '../../../shared/group-gifts';
import { DAY_MS } from '../../../shared/india-time';
import { netPaise } from '../../../shared/money-ledger';
import {
  groupGiftContributions,
  groupGifts,
  invoices,
  notificationOutbox,
  payments,
  products,
  users,
} from '../../db/schema';
import { moveOrderAlong, STEPS_TO_DELIVERED } from '../../testing/admin-fixtures';
import { BENGALURU, saveOwnerSettings, senderWithPhone, sentToken } from '../../testing/gift-link-fixtures';
import {
  chipIn,
  ledgerLinesOf,
  openPool,
  poolBody,
  postConfirm,
  postPool,
  postShare,
  signedAnswer,
  startShare,
  storedPool,
} from '../../testing/group-gift-fixtures';
import { createTestProduct, seedPincodes } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { sandboxId } from '../payment-providers';

// Decision 0084: a group gift, from the organiser's pool to its order or its refunds, with the
// issue's own figures: a ₹1,499 gift (free shipping from ₹1,000, so the gift's price is its total).

const clock = createTestClock('2026-12-01T11:00:00+05:30');
const store = setUpTestStore({ clock, env: { BACKGROUND_JOBS: 'false' }, seed: seedPincodes, admin: true });

const db = () => store.database.db;

async function farewellGift(stock = 5) {
  return createTestProduct(store.database, { name: 'Brass Table Clock', priceRupees: 1499, stock });
}

const poolOf = (token: string) => storedPool(store, token);
const ledgerOf = (orderId: string) => ledgerLinesOf(store, orderId);

const stockOf = async (id: number) =>
  (await db().select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]?.stock;

const newsTo = async (phone: string | null) =>
  (
    await db()
      .select({ details: notificationOutbox.details })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.recipient, phone ?? ''), eq(notificationOutbox.notice, 'group_gift')))
      .orderBy(asc(notificationOutbox.id))
  ).map((row) => row.details.event);

const phoneOf = async (account: { user: { id: number } }) =>
  (await db().select({ phone: users.phone }).from(users).where(eq(users.id, account.user.id)))[0]?.phone ??
  null;

describe('a group gift met by its friends', () => {
  it('three friends meet a ₹1,499 target and exactly one order is placed, invoiced to the organiser', async () => {
    const organiser = await senderWithPhone(store, 'Anita Desai');
    const product = await farewellGift();
    const opened = await openPool(store, organiser, [{ product, quantity: 1 }], { suggestedShare: 500 });
    expect(opened.path).toBe(`/group-gift/${opened.token}`);
    expect(opened.pool).toMatchObject({
      targetAmount: 1499,
      collectedAmount: 0,
      progress: '₹0 of ₹1,499 from 0 friends',
      suggestedShare: 500,
      state: 'open',
      organiserName: 'Anita Desai',
      recipientName: 'Meera Nair',
    });
    // The pool holds no stock while it collects, and its order is not in My Orders yet.
    expect(await stockOf(product.id)).toBe(5);
    const before = (
      await store.app.inject({ url: '/api/orders/my-orders', headers: organiser.headers })
    ).json<{ data: OrderRecord[] }>().data;
    expect(before).toEqual([]);

    const friends = [
      await senderWithPhone(store, 'Ravi Kumar'),
      await senderWithPhone(store, 'Sara Thomas'),
      await senderWithPhone(store, 'Imran Shaikh'),
    ];
    const first = await chipIn(store, friends[0]!, opened.token, {
      amount: 500,
      shownName: 'Ravi',
      note: 'Miss you!',
    });
    expect(first).toMatchObject({ takenAmount: 500, refundedAmount: 0 });
    expect(first.pool.progress).toBe('₹500 of ₹1,499 from 1 friend');
    await chipIn(store, friends[1]!, opened.token, { amount: 500 });
    const last = await chipIn(store, friends[2]!, opened.token, { amount: 499, shownName: 'Imran' });
    expect(last.takenAmount).toBe(499);
    expect(last.pool).toMatchObject({
      collectedAmount: 1499,
      remainingAmount: 0,
      contributorCount: 3,
      progress: '₹1,499 of ₹1,499 from 3 friends',
      state: 'met',
      contributors: [
        expect.objectContaining({ name: 'Ravi', note: 'Miss you!' }),
        expect.objectContaining({ name: 'Imran', note: null }),
      ],
    });

    const { group_gifts: pool, orders: order } = await poolOf(opened.token);
    expect(pool.state).toBe('met');
    expect(order).toMatchObject({ status: 'paid', totalPaise: 149_900 });
    expect(await stockOf(product.id)).toBe(4);
    // One order, in the organiser's My Orders, its invoice to the organiser as buyer of record.
    const mine = (await store.app.inject({ url: '/api/orders/my-orders', headers: organiser.headers })).json<{
      data: OrderRecord[];
    }>().data;
    expect(mine.map((row) => row.id)).toEqual([order.id]);
    const issued = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(issued).toHaveLength(1);
    expect((issued[0]!.data as { buyer: { email: string } }).buyer.email).toBe(organiser.user.email);
    // The ledger holds three payments into the one order: ₹1,499 net, to the paisa.
    const ledger = await ledgerOf(order.id);
    expect(ledger.map((line) => line.amountPaise)).toEqual([50_000, 50_000, 49_900]);
    expect(netPaise(ledger)).toBe(149_900);
    // Each friend heard their share was taken, then that the gift is ordered.
    expect(await newsTo(await phoneOf(friends[0]!))).toEqual(['taken', 'met']);
    expect(await newsTo(await phoneOf(friends[2]!))).toEqual(['taken', 'met']);
  });

  it('caps a share over what remains at the rest, and refuses one below ₹50', async () => {
    const organiser = await senderWithPhone(store);
    const opened = await openPool(store, organiser, [{ product: await farewellGift(), quantity: 1 }]);
    const friend = await senderWithPhone(store);
    await chipIn(store, friend, opened.token, { amount: 1000 });
    const tooLittle = await postShare(store, friend.headers, opened.token, { amount: 49 });
    expect(tooLittle.statusCode).toBe(400);
    expect(tooLittle.json().message).toBe('Please chip in at least ₹50');
    const capped = await startShare(store, friend, opened.token, { amount: 800 });
    expect(capped).toMatchObject({ amount: 499, order: { amount: 49_900, currency: 'INR' } });
  });

  it('five friends paying the last ₹200 at once: one share is taken, four are refunded and told why, ₹1,499 collected', async () => {
    const organiser = await senderWithPhone(store);
    const opened = await openPool(store, organiser, [{ product: await farewellGift(), quantity: 1 }]);
    await chipIn(store, await senderWithPhone(store), opened.token, { amount: 1299 });
    const friends = await Promise.all([1, 2, 3, 4, 5].map(() => senderWithPhone(store)));
    // Each window opened while ₹200 remained, so each is for ₹200.
    const started: ContributeResponse[] = [];
    for (const friend of friends)
      started.push(await startShare(store, friend, opened.token, { amount: 200 }));
    expect(started.map((share) => share.amount)).toEqual([200, 200, 200, 200, 200]);
    const answers = await Promise.all(
      friends.map((friend, index) =>
        postConfirm(
          store,
          friend.headers,
          opened.token,
          started[index]!.contributionId,
          signedAnswer(store, started[index]!),
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = answers.map((answer) => answer.json<{ takenAmount: number; refundedAmount: number }>());
    expect(outcomes.filter((outcome) => outcome.takenAmount === 200)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.refundedAmount === 200)).toHaveLength(4);

    const { orders: order } = await poolOf(opened.token);
    expect(order.status).toBe('paid');
    const ledger = await ledgerOf(order.id);
    expect(ledger.filter((line) => line.kind === 'captured')).toHaveLength(6);
    expect(
      ledger.filter((line) => line.reason === 'group_gift_over').map((line) => line.amountPaise),
    ).toEqual([20_000, 20_000, 20_000, 20_000]);
    expect(netPaise(ledger)).toBe(149_900);
    // Each refunded payment went back once at the provider.
    const refunded = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'refunded')));
    expect(refunded).toHaveLength(4);
    for (const payment of refunded) {
      expect(store.app.sandboxProvider!.refundsOf(payment.providerPaymentId!)).toHaveLength(1);
    }
    const told = await Promise.all(friends.map(async (friend) => newsTo(await phoneOf(friend))));
    expect(told.filter((events) => events[0] === 'over')).toHaveLength(4);
    expect(
      (await store.app.inject({ url: `/api/group-gifts/${opened.token}` })).json<GroupGiftView>()
        .collectedAmount,
    ).toBe(1499);
  });
});

describe('a group gift sent by link (decision 0081)', () => {
  it('sends the link when the pool is met, and forwards the recipient’s thank-you to every friend', async () => {
    const organiser = await senderWithPhone(store, 'Anita Desai');
    const product = await farewellGift();
    const recipientPhone = '9123456780';
    const lines = [{ product, quantity: 1 }];
    const { shippingAddress: _address, ...rest } = poolBody(store, lines);
    const opened = await openPool(store, organiser, lines, {
      ...rest,
      shippingAddress: undefined,
      giftLink: { recipient: { name: 'Meera Nair', phone: recipientPhone }, allowedSlots: ['standard'] },
    });
    expect(opened.pool.targetAmount).toBe(1499);
    const friends = [await senderWithPhone(store, 'Ravi Kumar'), await senderWithPhone(store, 'Sara Thomas')];
    await chipIn(store, friends[0]!, opened.token, { amount: 1000 });
    // No link goes out before the pool is met.
    await expect(sentToken(store, recipientPhone)).rejects.toThrow();
    await chipIn(store, friends[1]!, opened.token, { amount: 499 });
    const token = await sentToken(store, recipientPhone);
    const { orders: order } = await poolOf(opened.token);
    expect(order).toMatchObject({ status: 'paid', shippingAddress: null });
    const answered = await store.app.inject({
      method: 'POST',
      url: `/api/gift-links/${token}/accept`,
      payload: { address: BENGALURU, delivery: { date: '2026-12-03', slot: 'standard' } },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await moveOrderAlong(store.app, store.admin.headers, order.id, STEPS_TO_DELIVERED.slice(1));
    const thanked = await store.app.inject({
      method: 'POST',
      url: `/api/gift-links/${token}/thanks`,
      payload: { note: 'Thank you all, I will miss the team!' },
    });
    expect(thanked.statusCode, thanked.body).toBe(200);
    for (const friend of friends) {
      expect(await newsTo(await phoneOf(friend))).toEqual(['taken', 'met', 'thanks']);
    }
    const [message] = await db()
      .select({ details: notificationOutbox.details })
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.recipient, (await phoneOf(friends[0]!))!),
          eq(notificationOutbox.notice, 'group_gift'),
        ),
      )
      .orderBy(desc(notificationOutbox.id))
      .limit(1);
    // The recipient's name only: their note never rides in a message template.
    expect(message?.details).toMatchObject({ event: 'thanks', recipientName: 'Meera Nair' });
    expect(JSON.stringify(message?.details)).not.toContain('miss the team');
  });
});

describe('a group gift short at its deadline', () => {
  it('refunds each share once after the organiser’s days to top up, and its ledger balances to zero', async () => {
    const organiser = await senderWithPhone(store);
    const opened = await openPool(store, organiser, [{ product: await farewellGift(), quantity: 1 }], {
      days: 1,
    });
    const friends = [await senderWithPhone(store), await senderWithPhone(store)];
    await chipIn(store, friends[0]!, opened.token, { amount: 300 });
    await chipIn(store, friends[1]!, opened.token, { amount: 400 });
    const start = clock.now();
    try {
      // Past the deadline (the end of tomorrow, India time): short, the organiser told of the ₹799.
      clock.set(new Date(start.getTime() + 2 * DAY_MS));
      expect(await store.app.groupGifts.expireDue()).toBe(1);
      expect((await poolOf(opened.token)).group_gifts.state).toBe('short');
      expect(await newsTo(await phoneOf(organiser))).toEqual(['short']);
      const late = await postShare(store, friends[0]!.headers, opened.token, { amount: 100 });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(GROUP_GIFT_MESSAGES.closed);
      // Two days more without a top-up: every share back, once, however often the job runs.
      clock.set(new Date(start.getTime() + 5 * DAY_MS));
      expect(await store.app.groupGifts.expireDue()).toBe(1);
      expect(await store.app.groupGifts.expireDue()).toBe(0);
      await store.app.payments.retryUnfinishedWork();
    } finally {
      clock.set(start);
    }
    const { group_gifts: pool, orders: order } = await poolOf(opened.token);
    expect(pool.state).toBe('refunded');
    expect(order.status).toBe('cancelled');
    const ledger = await ledgerOf(order.id);
    expect(ledger.map((line) => [line.kind, line.amountPaise])).toEqual([
      ['captured', 30_000],
      ['captured', 40_000],
      ['refunded', 30_000],
      ['refunded', 40_000],
    ]);
    expect(netPaise(ledger)).toBe(0);
    for (const payment of await db().select().from(payments).where(eq(payments.orderId, order.id))) {
      expect(payment.status).toBe('refunded');
      expect(store.app.sandboxProvider!.refundsOf(payment.providerPaymentId!)).toHaveLength(1);
    }
    expect(await newsTo(await phoneOf(friends[0]!))).toEqual(['taken', 'refunded']);
    // The organiser hears nothing of each friend's refund as the order's customer.
    expect(
      await db()
        .select()
        .from(notificationOutbox)
        .where(and(eq(notificationOutbox.orderId, order.id), eq(notificationOutbox.notice, 'refund_made'))),
    ).toEqual([]);
  });

  it('lets the organiser top up the rest once short, even below ₹50, and then places the order', async () => {
    const organiser = await senderWithPhone(store);
    const opened = await openPool(store, organiser, [{ product: await farewellGift(), quantity: 1 }], {
      days: 1,
    });
    await chipIn(store, await senderWithPhone(store), opened.token, { amount: 1470 });
    const start = clock.now();
    try {
      clock.set(new Date(start.getTime() + 2 * DAY_MS));
      await store.app.groupGifts.expireDue();
      const topUp = await chipIn(store, organiser, opened.token, { amount: 29 });
      expect(topUp).toMatchObject({ takenAmount: 29, pool: { state: 'met', collectedAmount: 1499 } });
    } finally {
      clock.set(start);
    }
    expect((await poolOf(opened.token)).orders.status).toBe('paid');
  });
});

describe('what a group gift refuses', () => {
  it('changes nothing for a forged or replayed payment confirmation', async () => {
    const organiser = await senderWithPhone(store);
    const opened = await openPool(store, organiser, [{ product: await farewellGift(), quantity: 1 }]);
    const friend = await senderWithPhone(store);
    const mine = await startShare(store, friend, opened.token, { amount: 300 });
    const other = await startShare(store, friend, opened.token, { amount: 400 });
    const { orders: order } = await poolOf(opened.token);

    const forged = await postConfirm(store, friend.headers, opened.token, mine.contributionId, {
      ...signedAnswer(store, mine),
      razorpay_signature: 'f'.repeat(64),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(GROUP_GIFT_MESSAGES.verificationFailed);
    // A genuine signature for another share's provider order is no signature for this one.
    const borrowed = await postConfirm(
      store,
      friend.headers,
      opened.token,
      mine.contributionId,
      signedAnswer(store, other),
    );
    expect(borrowed.statusCode).toBe(400);
    expect(await db().select().from(payments).where(eq(payments.orderId, order.id))).toEqual([]);

    const answer = signedAnswer(store, mine);
    const paid = await postConfirm(store, friend.headers, opened.token, mine.contributionId, answer);
    expect(paid.json()).toMatchObject({ takenAmount: 300 });
    const replayed = await postConfirm(store, friend.headers, opened.token, mine.contributionId, answer);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json().pool.collectedAmount).toBe(300);
    expect(await ledgerOf(order.id)).toHaveLength(1);
    const shares = await db()
      .select()
      .from(groupGiftContributions)
      .where(eq(groupGiftContributions.id, mine.contributionId));
    expect(shares[0]).toMatchObject({ state: 'taken', takenPaise: 30_000 });
  });

  it('takes a share the provider’s signed webhook confirms, once however often it comes', async () => {
    const organiser = await senderWithPhone(store);
    const opened = await openPool(store, organiser, [{ product: await farewellGift(), quantity: 1 }]);
    const started = await startShare(store, await senderWithPhone(store), opened.token, { amount: 250 });
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: sandboxId('pay'),
            amount: 25_000,
            currency: 'INR',
            order_id: started.order.id,
            method: 'upi',
          },
        },
      },
    });
    const deliver = (
      eventId: string,
      signature = store.app.sandboxProvider!.signWebhook(Buffer.from(body)),
    ) =>
      store.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signature,
          'x-razorpay-event-id': eventId,
        },
        payload: body,
      });
    expect((await deliver('evt_gg_forged', '0'.repeat(64))).statusCode).toBe(400);
    expect((await deliver('evt_gg_1')).statusCode).toBe(200);
    expect((await deliver('evt_gg_2')).statusCode).toBe(200);
    const view = (await store.app.inject({ url: `/api/group-gifts/${opened.token}` })).json<GroupGiftView>();
    expect(view.collectedAmount).toBe(250);
    expect(await ledgerOf((await poolOf(opened.token)).orders.id)).toHaveLength(1);
  });

  it('is paid in the sandbox’s window: the window shows the share, and its payment is taken once', async () => {
    const organiser = await senderWithPhone(store);
    const opened = await openPool(store, organiser, [{ product: await farewellGift(), quantity: 1 }]);
    const friend = await senderWithPhone(store);
    const started = await startShare(store, friend, opened.token, { amount: 350 });
    const shown = await store.app.inject({ url: `/sandbox/api/orders/${started.order.id}` });
    expect(shown.json()).toMatchObject({ amount: 35_000, amountDisplay: '₹350', status: 'created' });
    const paid = await store.app.inject({
      method: 'POST',
      url: `/sandbox/api/orders/${started.order.id}/pay`,
      payload: { method: 'upi', outcome: 'success' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // The window's signed answer comes after the sandbox's webhook: the share counts once.
    const answer = await postConfirm(
      store,
      friend.headers,
      opened.token,
      started.contributionId,
      paid.json(),
    );
    expect(answer.json()).toMatchObject({
      takenAmount: 350,
      refundedAmount: 0,
      pool: { collectedAmount: 350 },
    });
    expect((await store.app.inject({ url: `/sandbox/api/orders/${started.order.id}` })).json().status).toBe(
      'paid',
    );
    expect(await ledgerOf((await poolOf(opened.token)).orders.id)).toHaveLength(1);
  });

  it('lets no other account close or edit a pool, and shows no one a contributor’s phone number', async () => {
    const organiser = await senderWithPhone(store);
    const opened = await openPool(store, organiser, [{ product: await farewellGift(), quantity: 1 }]);
    const friend = await senderWithPhone(store, 'Kiran Rao');
    await chipIn(store, friend, opened.token, { amount: 300, shownName: 'Kiran', note: 'Good luck!' });
    const other = await senderWithPhone(store);
    const closed = await store.app.inject({
      method: 'POST',
      url: `/api/group-gifts/${opened.token}/close`,
      headers: other.headers,
    });
    expect(closed.statusCode).toBe(403);
    const edited = await store.app.inject({
      method: 'PATCH',
      url: `/api/group-gifts/${opened.token}`,
      headers: other.headers,
      payload: { message: 'Changed by someone else' },
    });
    expect(edited.statusCode).toBe(403);
    expect((await poolOf(opened.token)).group_gifts).toMatchObject({
      state: 'open',
      message: 'Farewell from the design team!',
    });
    const phone = (await phoneOf(friend))!;
    for (const headers of [other.headers, organiser.headers, {}]) {
      const page = await store.app.inject({ url: `/api/group-gifts/${opened.token}`, headers });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain(phone);
    }
    // A stranger without the link learns nothing: a wrong token is 'not found'.
    const guessed = await store.app.inject({ url: `/api/group-gifts/${opened.token.slice(0, -2)}xx` });
    expect(guessed.statusCode).toBe(404);
    expect(guessed.json().message).toBe(GROUP_GIFT_MESSAGES.notFound);
    // The organiser's own close refunds the share.
    const own = await store.app.inject({
      method: 'POST',
      url: `/api/group-gifts/${opened.token}/close`,
      headers: organiser.headers,
    });
    expect(own.json<GroupGiftView>().state).toBe('refunded');
  });

  it('refuses a deadline past 14 days, a share without a verified mobile, and a sixth pool in a day', async () => {
    const organiser = await senderWithPhone(store);
    const lines = [{ product: await farewellGift(20), quantity: 1 }];
    const late = await postPool(store, organiser.headers, poolBody(store, lines, { days: 15 }));
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(GROUP_GIFT_MESSAGES.deadlineTooLate);
    const opened = await openPool(store, organiser, lines);
    const emailOnly = await store.newCustomer();
    const refused = await postShare(store, emailOnly.headers, opened.token, { amount: 100 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(GROUP_GIFT_MESSAGES.phoneNeeded);
    for (let day = 0; day < 4; day++) await openPool(store, organiser, lines);
    const sixth = await postPool(store, organiser.headers, poolBody(store, lines));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(tooManyGroupGiftsMessage(5));
    expect(await db().$count(groupGifts, eq(groupGifts.organiserId, organiser.user.id))).toBe(5);
  });

  it('reads the pools a day and the bounds of a share from the owner’s settings', async () => {
    await saveOwnerSettings(store, { groupGiftsPerDay: 2, groupGiftMinShare: 100, groupGiftMaxShare: 1000 });
    try {
      const organiser = await senderWithPhone(store);
      const lines = [{ product: await farewellGift(20), quantity: 1 }];
      const tooSmall = await postPool(
        store,
        organiser.headers,
        poolBody(store, lines, { suggestedShare: 99 }),
      );
      expect(tooSmall.statusCode).toBe(400);
      expect(tooSmall.json().message).toBe('A suggested share is from ₹100 to ₹1,000');
      const opened = await openPool(store, organiser, lines, { suggestedShare: 250 });
      expect(opened.pool).toMatchObject({ minShare: 100, maxShare: 1000 });
      await openPool(store, organiser, lines);
      const third = await postPool(store, organiser.headers, poolBody(store, lines));
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe(tooManyGroupGiftsMessage(2));

      const friend = await senderWithPhone(store);
      const little = await postShare(store, friend.headers, opened.token, { amount: 99 });
      expect(little.statusCode).toBe(400);
      expect(little.json().message).toBe('Please chip in at least ₹100');
      const much = await postShare(store, friend.headers, opened.token, { amount: 1001 });
      expect(much.statusCode).toBe(400);
      expect(much.json().message).toBe('One share can be at most ₹1,000');
      expect((await chipIn(store, friend, opened.token, { amount: 1000 })).takenAmount).toBe(1000);
      // ₹499 remain: the last share may be less than ₹100 only when less than ₹100 remains.
      expect((await postShare(store, friend.headers, opened.token, { amount: 99 })).statusCode).toBe(400);
      expect((await startShare(store, friend, opened.token, { amount: 499 })).amount).toBe(499);
    } finally {
      await saveOwnerSettings(store, {
        groupGiftsPerDay: 5,
        groupGiftMinShare: 50,
        groupGiftMaxShare: 50_000,
      });
    }
  });

  it('shows the owner each pool with its shares by name, and no one else', async () => {
    const organiser = await senderWithPhone(store, 'Farah Khan');
    const opened = await openPool(store, organiser, [{ product: await farewellGift(), quantity: 1 }], {
      recipientName: 'Mr Joseph',
    });
    const friend = await senderWithPhone(store, 'Lata Menon');
    await chipIn(store, friend, opened.token, { amount: 600 });
    await startShare(store, friend, opened.token, { amount: 100 });
    const listed = await store.app.inject({
      url: '/api/admin/group-gifts?state=open',
      headers: store.admin.headers,
    });
    expect(listed.statusCode).toBe(200);
    const pool = listed.json<AdminGroupGiftList>().data.find((row) => row.recipientName === 'Mr Joseph');
    expect(pool).toMatchObject({
      organiserName: 'Farah Khan',
      state: 'open',
      targetAmount: 1499,
      collectedAmount: 600,
      contributions: [
        { name: 'Lata Menon', amount: 600, taken: 600, state: 'taken' },
        { name: 'Lata Menon', amount: 100, taken: 0, state: 'awaiting_payment', confirmedAt: null },
      ],
    });
    expect(listed.body).not.toContain((await phoneOf(friend))!);
    const met = await store.app.inject({
      url: '/api/admin/group-gifts?state=met',
      headers: store.admin.headers,
    });
    expect(met.json<AdminGroupGiftList>().data.every((row) => row.state === 'met')).toBe(true);
    expect(
      (await store.app.inject({ url: '/api/admin/group-gifts', headers: friend.headers })).statusCode,
    ).toBe(403);
    const catalogue = await store.newStaff('catalogue');
    expect(
      (await store.app.inject({ url: '/api/admin/group-gifts', headers: catalogue.headers })).statusCode,
    ).toBe(403);
  });
});
