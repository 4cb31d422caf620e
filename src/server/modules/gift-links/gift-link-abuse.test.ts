import { and, asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreateOrderResponse } from '../../../shared/api/payments';
import { giftLinks, mailOutbox, notificationOptOuts, notificationOutbox } from '../../db/schema';
import { linkBody, paidLink, senderWithPhone } from '../../testing/gift-link-fixtures';
import { createTestProduct, payOrder, seedPincodes } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { GIFT_LINK_OPENERS_FLAGGED } from './gift-link-service';

// Decision 0081: a link opened from many devices is flagged for the owner; STOP from a gift's
// recipient stops every message to that number.

const clock = createTestClock('2026-11-23T11:00:00+05:30');
const store = setUpTestStore({ clock, env: { BACKGROUND_JOBS: 'false' }, seed: seedPincodes });

const open = (token: string | null, device: number) =>
  store.app.inject({
    url: `/api/gift-links/${token}`,
    remoteAddress: `203.0.113.${device}`,
    headers: { 'user-agent': `Phone ${device}` },
  });

const flagMails = (orderNumber: string) =>
  store.database.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'owner-gift-link-flag'), like(mailOutbox.text, `%${orderNumber}%`)));

describe('a gift link opened from many devices', () => {
  it(`is flagged for the owner once, at ${GIFT_LINK_OPENERS_FLAGGED} devices or addresses`, async () => {
    const sender = await senderWithPhone(store);
    const product = await createTestProduct(store.database);
    const { order, token } = await paidLink(store, sender, [{ product, quantity: 1 }]);
    // The recipient's own phone, many times: one device.
    for (let again = 0; again < 6; again++) expect((await open(token, 1)).statusCode).toBe(200);
    for (let device = 2; device < GIFT_LINK_OPENERS_FLAGGED; device++) await open(token, device);
    const flaggedAt = async () =>
      (
        await store.database.db
          .select({ flaggedAt: giftLinks.flaggedAt })
          .from(giftLinks)
          .where(eq(giftLinks.orderId, order.orderId))
      )[0]?.flaggedAt;
    expect(await flaggedAt()).toBeNull();
    expect(await flagMails(order.orderNumber)).toEqual([]);

    await open(token, GIFT_LINK_OPENERS_FLAGGED);
    expect(await flaggedAt()).toEqual(new Date('2026-11-23T05:30:00.000Z'));
    await open(token, GIFT_LINK_OPENERS_FLAGGED + 1);
    const mails = await flagMails(order.orderNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(
      `Gift link of order ${order.orderNumber} opened from ${GIFT_LINK_OPENERS_FLAGGED} devices or addresses`,
    );
  });
});

describe("STOP from a gift's recipient", () => {
  it('stops every message to that number: WhatsApp as well as SMS, and the next gift link', async () => {
    const sender = await senderWithPhone(store);
    const product = await createTestProduct(store.database);
    const body = linkBody([{ product, quantity: 1 }]);
    const phone = body.recipient.phone ?? '';
    await paidLink(store, sender, [{ product, quantity: 1 }], body);
    await store.app.messaging.sandbox.reply(phone, 'STOP', 'sms');

    const stopped = await store.database.db
      .select({ channel: notificationOptOuts.channel })
      .from(notificationOptOuts)
      .where(eq(notificationOptOuts.address, phone))
      .orderBy(asc(notificationOptOuts.channel));
    expect(stopped).toEqual([{ channel: 'sms' }, { channel: 'whatsapp' }]);

    const another = await senderWithPhone(store, 'Ravi Kumar');
    const next = linkBody([{ product, quantity: 1 }], { recipient: { name: 'Kavya Reddy', phone } });
    const created = await store.app.inject({
      method: 'POST',
      url: '/api/gift-links',
      headers: another.headers,
      payload: next,
    });
    expect(created.statusCode, created.body).toBe(200);
    // Paid: the link would be sent now, and is not.
    await payOrder(store.app, another.headers, created.json<CreateOrderResponse>());
    const sent = await store.database.db
      .select({ notice: notificationOutbox.notice })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.recipient, phone));
    expect(sent).toEqual([{ notice: 'gift_link' }]);
  });
});
