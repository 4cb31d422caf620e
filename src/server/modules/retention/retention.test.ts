import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  checkoutCarts,
  emailChanges,
  mailOutbox,
  notificationOutbox,
  phoneCodes,
  sessions,
} from '../../db/schema';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0055: personal data is erased once its period in src/shared/retention.ts is over.

const clock = createTestClock('2031-09-01T06:00:00.000Z');
const store = setUpTestStore({ clock, env: { BACKGROUND_JOBS: 'false' } });
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(clock.now().getTime() - days * DAY);

describe('the retention purge', () => {
  it('erases a 181-day-old message body and keeps a 179-day-old one, with the record of each', async () => {
    const db = store.database.db;
    const [old, recent] = await db
      .insert(notificationOutbox)
      .values(
        [181, 179].map((days) => ({
          dedupeKey: `retention-${days}`,
          notice: 'order_shipped',
          channel: 'whatsapp' as const,
          recipient: '9876543210',
          audience: 'shopper' as const,
          details: { name: 'Asha' },
          text: `Hello Asha, your order is on its way (${days})`,
          status: 'sent' as const,
          sentAt: daysAgo(days),
          createdAt: daysAgo(days),
        })),
      )
      .returning({ id: notificationOutbox.id });
    const [oldMail, recentMail] = await db
      .insert(mailOutbox)
      .values(
        [181, 179].map((days) => ({
          recipient: 'asha@example.com',
          subject: 'Order RG-10001: Shipped',
          text: 'Hello Asha, delivering to 12 MG Road',
          html: '<p>Hello Asha</p>',
          kind: 'order-status',
          status: 'sent' as const,
          createdAt: daysAgo(days),
        })),
      )
      .returning({ id: mailOutbox.id });

    const purged = await store.app.retention.purgeExpired();
    expect(purged.messageBodies).toBe(2);

    const message = async (id: number) =>
      (await db.select().from(notificationOutbox).where(eq(notificationOutbox.id, id)))[0];
    expect(await message(old!.id)).toMatchObject({
      text: null,
      details: {},
      status: 'sent',
      recipient: '9876543210',
    });
    expect(await message(recent!.id)).toMatchObject({ text: 'Hello Asha, your order is on its way (179)' });
    const mail = async (id: number) => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
    expect(await mail(oldMail!.id)).toMatchObject({
      text: '',
      html: null,
      subject: 'Order RG-10001: Shipped',
    });
    expect(await mail(recentMail!.id)).toMatchObject({ text: 'Hello Asha, delivering to 12 MG Road' });

    // Again: nothing more to erase.
    expect((await store.app.retention.purgeExpired()).messageBodies).toBe(0);
  });

  it('erases carts left 30 days, expired codes and ended sessions, and keeps the live ones', async () => {
    const db = store.database.db;
    const shopper = await store.newCustomer();
    const other = await store.newCustomer();
    await db.insert(checkoutCarts).values([
      { userId: shopper.user.id, lines: [], startedAt: daysAgo(31) },
      { userId: other.user.id, lines: [], startedAt: daysAgo(29) },
    ]);
    await db.insert(phoneCodes).values([
      { phone: '9876500001', purpose: 'sign-in', codeHash: 'x', expiresAt: daysAgo(1) },
      // Expired, yet still within its number's hourly allowance (decision 0032): kept.
      {
        phone: '9876500003',
        purpose: 'sign-in',
        codeHash: 'z',
        expiresAt: new Date(clock.now().getTime() - 10 * 60_000),
      },
      {
        phone: '9876500002',
        purpose: 'sign-in',
        codeHash: 'y',
        expiresAt: new Date(clock.now().getTime() + 60_000),
      },
    ]);
    const purged = await store.app.retention.purgeExpired();
    expect(purged).toMatchObject({ abandonedCarts: 1, oneTimeCodes: 1 });
    expect((await db.select().from(checkoutCarts)).map((cart) => cart.userId)).toEqual([other.user.id]);
    expect((await db.select().from(phoneCodes)).map((code) => code.phone).sort()).toEqual([
      '9876500002',
      '9876500003',
    ]);
    // The signed-in shoppers' sessions are live: kept, and they still sign them in.
    expect(await db.$count(sessions, eq(sessions.userId, shopper.user.id))).toBe(1);
    expect((await store.app.inject({ url: '/api/auth/me', headers: shopper.headers })).statusCode).toBe(200);
  });

  it("erases a new e-mail's link once used or expired, and keeps one still open (decision 0075)", async () => {
    const db = store.database.db;
    const shopper = await store.newCustomer();
    const hour = 60 * 60 * 1000;
    await db.insert(emailChanges).values([
      {
        userId: shopper.user.id,
        newEmail: 'expired@example.in',
        tokenHash: 'expired',
        expiresAt: new Date(clock.now().getTime() - hour),
      },
      {
        userId: shopper.user.id,
        newEmail: 'used@example.in',
        tokenHash: 'used',
        expiresAt: new Date(clock.now().getTime() + hour),
        confirmedAt: clock.now(),
      },
      {
        userId: shopper.user.id,
        newEmail: 'open@example.in',
        tokenHash: 'open',
        expiresAt: new Date(clock.now().getTime() + hour),
      },
    ]);
    expect((await store.app.retention.purgeExpired()).emailLinks).toBe(2);
    expect((await db.select().from(emailChanges)).map((change) => change.newEmail)).toEqual([
      'open@example.in',
    ]);
  });
});
