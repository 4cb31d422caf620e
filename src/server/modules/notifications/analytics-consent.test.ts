import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/consents';
import { consents } from '../../db/schema';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0075: a signed-in shopper's analytics answer is a row of the consent ledger, and the
// account page withdraws it like any other consent.

const clock = createTestClock('2026-12-05T10:00:00.000Z');
const store = setUpTestStore({ clock });

const answer = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  store.app.inject({ method: 'PUT', url: '/api/notifications/consents/analytics', headers, payload });

const ledgerOf = (userId: number) =>
  store.database.db
    .select({
      purpose: consents.purpose,
      channel: consents.channel,
      given: consents.given,
      via: consents.via,
      noticeVersion: consents.noticeVersion,
      at: consents.createdAt,
    })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.purpose, 'analytics')))
    .orderBy(asc(consents.id));

describe('the analytics choice in the consent ledger', () => {
  it("records the banner's Allow, and a withdrawal from the account page, each with how and the notice", async () => {
    const shopper = await store.newCustomer();
    const before = await store.app.inject({ url: '/api/notifications/consents', headers: shopper.headers });
    expect(before.json().analytics).toEqual({
      given: false,
      at: null,
      wording: 'Let Utsav Gifts count visits with Google Analytics',
    });

    const allowed = await answer(shopper.headers, { given: true, via: 'banner' });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().analytics).toMatchObject({ given: true, at: '2026-12-05T10:00:00.000Z' });

    clock.set('2026-12-05T11:30:00.000Z');
    const withdrawn = await answer(shopper.headers, { given: false, via: 'settings' });
    expect(withdrawn.json().analytics).toMatchObject({ given: false, at: '2026-12-05T11:30:00.000Z' });
    // Withdrawing again changes nothing, so nothing is written.
    await answer(shopper.headers, { given: false, via: 'settings' });

    expect(await ledgerOf(shopper.user.id)).toEqual([
      {
        purpose: 'analytics',
        channel: null,
        given: true,
        via: 'banner',
        noticeVersion: PRIVACY_NOTICE_VERSION,
        at: new Date('2026-12-05T10:00:00.000Z'),
      },
      {
        purpose: 'analytics',
        channel: null,
        given: false,
        via: 'settings',
        noticeVersion: PRIVACY_NOTICE_VERSION,
        at: new Date('2026-12-05T11:30:00.000Z'),
      },
    ]);
    // The message consents are untouched by it.
    const after = await store.app.inject({ url: '/api/notifications/consents', headers: shopper.headers });
    expect(after.json().consents).toEqual(before.json().consents);
  });

  it("records the banner's No as a withdrawal", async () => {
    const shopper = await store.newCustomer();
    expect((await answer(shopper.headers, { given: false, via: 'banner' })).statusCode).toBe(200);
    expect(await ledgerOf(shopper.user.id)).toMatchObject([{ given: false, via: 'banner' }]);
  });

  it('refuses a guest and bad input with a message, writing nothing', async () => {
    const shopper = await store.newCustomer();
    expect((await answer({}, { given: true, via: 'banner' })).statusCode).toBe(401);
    const badVia = await answer(shopper.headers, { given: true, via: 'reply' });
    expect(badVia.statusCode).toBe(400);
    expect(badVia.body).toContain('Via must be banner or settings');
    const badGiven = await answer(shopper.headers, { given: 'yes', via: 'banner' });
    expect(badGiven.statusCode).toBe(400);
    expect(badGiven.body).toContain('Given must be true or false');
    const extra = await answer(shopper.headers, { given: true, via: 'banner', channel: 'sms' });
    expect(extra.statusCode).toBe(400);
    expect(await ledgerOf(shopper.user.id)).toEqual([]);
  });
});
