import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { GiftLinkView } from '../../../shared/api/gift-links';
import type { OrderRecord } from '../../../shared/api/orders';
import { GIFT_LINK_MESSAGES, GIFT_THANKS_DAYS, GIFT_THANKS_MESSAGES } from '../../../shared/gift-links';
import { mailOutbox, notificationOutbox, users } from '../../db/schema';
import { moveOrderAlong, STEPS_TO_DELIVERED } from '../../testing/admin-fixtures';
import { BENGALURU, linkBody, paidLink, senderWithPhone } from '../../testing/gift-link-fixtures';
import { createTestProduct, seedPincodes } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0081: after delivery, a gift link's recipient may thank the sender, who hears of it.

// 11:00 India time on Monday 23 November 2026.
const clock = createTestClock('2026-11-23T11:00:00+05:30');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  admin: true,
});

const post = (url: string, payload?: Record<string, unknown>) =>
  store.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });

/** A paid link its recipient answered, and optionally delivered by the back office's steps. */
async function answeredLink({ delivered }: { delivered: boolean }) {
  const sender = await senderWithPhone(store, 'Asha Rao');
  const product = await createTestProduct(store.database, { name: 'Mysore Silk Stole', priceRupees: 1200 });
  const body = linkBody([{ product, quantity: 1 }]);
  const { order, token } = await paidLink(store, sender, [{ product, quantity: 1 }], body);
  const answered = await post(`/api/gift-links/${token}/accept`, {
    address: BENGALURU,
    delivery: { date: '2026-11-24', slot: 'midnight' },
  });
  expect(answered.statusCode, answered.body).toBe(200);
  if (delivered) {
    // The order is paid already: the back office's steps after it, to delivered.
    await moveOrderAlong(store.app, store.admin.headers, order.orderId, STEPS_TO_DELIVERED.slice(1));
  }
  const [account] = await store.database.db
    .select({ phone: users.phone, email: users.email })
    .from(users)
    .where(eq(users.id, sender.user.id));
  return {
    sender,
    senderPhone: account?.phone ?? '',
    senderEmail: account?.email ?? '',
    recipientPhone: body.recipient.phone ?? '',
    orderId: order.orderId,
    token: token ?? '',
  };
}

const outboxTo = (recipient: string) =>
  store.database.db
    .select({ notice: notificationOutbox.notice, channel: notificationOutbox.channel })
    .from(notificationOutbox)
    .where(eq(notificationOutbox.recipient, recipient));

const photoUpload = async (token: string) => {
  const png = await sharp({ create: { width: 48, height: 36, channels: 3, background: '#be185d' } })
    .png()
    .toBuffer();
  const boundary = '----thanks-photo';
  return store.app.inject({
    method: 'POST',
    url: `/api/gift-links/${token}/thanks/photo`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="us.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
};

describe("the recipient's thank-you", () => {
  it('reaches the sender by SMS and e-mail and on their order page; the recipient gets nothing more', async () => {
    const link = await answeredLink({ delivered: true });
    const recipientBefore = await outboxTo(link.recipientPhone);

    const page = (await store.app.inject({ url: `/api/gift-links/${link.token}` })).json<GiftLinkView>();
    expect([page.delivered, page.thanks]).toEqual([true, null]);
    const thanked = await post(`/api/gift-links/${link.token}/thanks`, {
      note: '  Thank you, Asha! The stole is beautiful.\nWearing it tonight.  ',
    });
    expect(thanked.statusCode, thanked.body).toBe(200);
    expect(thanked.json<GiftLinkView>().thanks).toEqual({
      note: 'Thank you, Asha! The stole is beautiful.\nWearing it tonight.',
      photo: false,
    });

    // The link's checkout asks for no channel: the sender's verified mobile by SMS.
    const toSender = await store.database.db
      .select({ channel: notificationOutbox.channel, details: notificationOutbox.details })
      .from(notificationOutbox)
      .where(
        and(eq(notificationOutbox.recipient, link.senderPhone), eq(notificationOutbox.notice, 'gift_thanks')),
      );
    expect(toSender).toEqual([{ channel: 'sms', details: { fromName: 'Kavya Reddy' } }]);
    const mails = await store.database.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text, kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, link.senderEmail), eq(mailOutbox.kind, 'gift-thanks')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Kavya Reddy thanked you for your gift \(order .+\)\.$/);
    expect(mails[0]?.text).toContain('  Thank you, Asha! The stole is beautiful.\n  Wearing it tonight.');

    const mine = (
      await store.app.inject({ url: `/api/orders/${link.orderId}`, headers: link.sender.headers })
    ).json<OrderRecord>();
    expect(mine.giftLink?.thanks).toEqual({
      note: 'Thank you, Asha! The stole is beautiful.\nWearing it tonight.',
      at: '2026-11-23T05:30:00.000Z',
      photo: false,
    });
    // Thanking is no marketing consent: nothing new to the recipient's number.
    expect(await outboxTo(link.recipientPhone)).toEqual(recipientBefore);
    const again = await post(`/api/gift-links/${link.token}/thanks`, { note: 'Thanks again!' });
    expect([again.statusCode, again.json().message]).toEqual([409, GIFT_THANKS_MESSAGES.alreadyThanked]);
  });

  it('waits for the delivery, and refuses an empty note', async () => {
    const link = await answeredLink({ delivered: false });
    const early = await post(`/api/gift-links/${link.token}/thanks`, { note: 'Thank you!' });
    expect([early.statusCode, early.json().message]).toEqual([409, GIFT_THANKS_MESSAGES.notYet]);
    const blank = await post(`/api/gift-links/${link.token}/thanks`, { note: '   ' });
    expect([blank.statusCode, blank.json().message]).toEqual([400, GIFT_THANKS_MESSAGES.noteNeeded]);
    expect(
      await store.database.db
        .select({ id: notificationOutbox.id })
        .from(notificationOutbox)
        .where(
          and(eq(notificationOutbox.orderId, link.orderId), eq(notificationOutbox.notice, 'gift_thanks')),
        ),
    ).toEqual([]);
  });

  it("takes one photo after the note, shown to the gift's sender only", async () => {
    const link = await answeredLink({ delivered: true });
    const tooSoon = await photoUpload(link.token);
    expect([tooSoon.statusCode, tooSoon.json().message]).toEqual([409, GIFT_THANKS_MESSAGES.photoFirst]);
    await post(`/api/gift-links/${link.token}/thanks`, { note: 'Thank you!' });
    const added = await photoUpload(link.token);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<GiftLinkView>().thanks).toEqual({ note: 'Thank you!', photo: true });
    const second = await photoUpload(link.token);
    expect([second.statusCode, second.json().message]).toEqual([409, GIFT_THANKS_MESSAGES.photoTaken]);

    const url = `/api/orders/${link.orderId}/gift-link/thanks/photo`;
    const own = await store.app.inject({ url, headers: link.sender.headers });
    expect([own.statusCode, own.headers['content-type'], own.headers['cache-control']]).toEqual([
      200,
      'image/webp',
      'no-store',
    ]);
    expect((await sharp(own.rawPayload).metadata()).width).toBe(48);
    const stranger = await store.newCustomer();
    expect((await store.app.inject({ url, headers: stranger.headers })).statusCode).toBe(404);
    expect((await store.app.inject({ url })).statusCode).toBe(401);
  });

  it(`keeps the answered link's page open ${GIFT_THANKS_DAYS} days after the answer, then 404`, async () => {
    const link = await answeredLink({ delivered: true });
    // Past the link's own 7-day life, within the days to thank; then a day past them.
    clock.set('2026-12-13T11:00:00+05:30');
    try {
      expect((await store.app.inject({ url: `/api/gift-links/${link.token}` })).statusCode).toBe(200);
      clock.set('2026-12-24T11:00:00+05:30');
      const closed = await post(`/api/gift-links/${link.token}/thanks`, { note: 'Thank you!' });
      expect([closed.statusCode, closed.json().message]).toEqual([404, GIFT_LINK_MESSAGES.notFound]);
    } finally {
      clock.set('2026-11-23T11:00:00+05:30');
    }
  });
});
