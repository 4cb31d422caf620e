import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { OTP_RULES } from '../../../shared/auth';
import { mailOutbox, users } from '../../db/schema';
import { lastSandboxCode } from '../../testing/test-accounts';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { EMAIL_CHANGE_HOURS, EMAIL_CHANGE_MESSAGES } from './index';

const clock = createTestClock(new Date('2026-12-01T06:30:00Z'));
const store = setUpTestStore({ clock });

const askEmail = (headers: Record<string, string>, email: string) =>
  store.app.inject({ method: 'POST', url: '/api/account/email', headers, payload: { email } });

/** The link in the newest mail of `kind` to `recipient`, and its token. */
async function mailedLink(recipient: string) {
  const [mail] = await store.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, recipient), eq(mailOutbox.kind, 'email-change')))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const link = mail?.text.match(/http\S+\/confirm-email\/([A-Za-z0-9_-]+)/);
  if (!link?.[1]) throw new Error(`No confirmation link was mailed to ${recipient}`);
  return { url: link[0], token: link[1] };
}

const correctName = (headers: Record<string, string>, fullName: string) =>
  store.app.inject({ method: 'PUT', url: '/api/account/name', headers, payload: { fullName } });

const login = (email: string, password: string) =>
  store.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

const emailOf = async (userId: number) =>
  (await store.database.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email;

describe('correcting the e-mail (decision 0075)', () => {
  it('changes the e-mail only once the link mailed to the new address comes back', async () => {
    const shopper = await store.newCustomer({ fullName: 'Meera Iyer' });
    const info = vi.spyOn(store.app.log, 'info');
    const asked = await askEmail(shopper.headers, '  Meera.Iyer@Example.in ');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().sentTo).toBe('meera.iyer@example.in');

    // Asked, not changed: the account still signs in with its old address.
    expect(await emailOf(shopper.user.id)).toBe(shopper.user.email);
    expect((await login(shopper.user.email, shopper.password)).statusCode).toBe(200);
    const link = await mailedLink('meera.iyer@example.in');
    expect(link.url).toMatch(/^http:\/\/localhost(:\d+)?\/confirm-email\//);

    const shown = await store.app.inject({ url: `/api/account/email/${link.token}` });
    expect(shown.json()).toEqual({ newEmail: 'meera.iyer@example.in' });
    expect(await emailOf(shopper.user.id)).toBe(shopper.user.email);

    // Opened on another device, signed out: the link alone confirms.
    const confirmed = await store.app.inject({ method: 'POST', url: `/api/account/email/${link.token}` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'meera.iyer@example.in' });
    expect(await emailOf(shopper.user.id)).toBe('meera.iyer@example.in');
    expect((await login('meera.iyer@example.in', shopper.password)).statusCode).toBe(200);
    expect((await login(shopper.user.email, shopper.password)).statusCode).toBe(401);

    // The old address hears of it, and the link works once.
    const [notice] = await store.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, shopper.user.email), eq(mailOutbox.kind, 'email-changed')));
    expect(notice?.text).toContain('now uses meera.iyer@example.in');
    const again = await store.app.inject({ method: 'POST', url: `/api/account/email/${link.token}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(EMAIL_CHANGE_MESSAGES.linkGone);

    // Logged with the account's id only, never the addresses.
    const events = info.mock.calls.map(([fields]) => fields as Record<string, unknown>);
    expect(events).toContainEqual({ userId: shopper.user.id, event: 'account-email-change-asked' });
    expect(events).toContainEqual({ userId: shopper.user.id, event: 'account-email-corrected' });
    info.mockRestore();
  });

  it('lets a link lapse after a day, and a newer request replace an older link', async () => {
    const shopper = await store.newCustomer();
    expect((await askEmail(shopper.headers, 'first.choice@example.in')).statusCode).toBe(200);
    const first = await mailedLink('first.choice@example.in');
    expect((await askEmail(shopper.headers, 'second.choice@example.in')).statusCode).toBe(200);
    const second = await mailedLink('second.choice@example.in');
    const replaced = await store.app.inject({ method: 'POST', url: `/api/account/email/${first.token}` });
    expect(replaced.statusCode).toBe(404);

    clock.set(new Date(clock.now().getTime() + (EMAIL_CHANGE_HOURS * 60 + 1) * 60 * 1000));
    const lapsed = await store.app.inject({ method: 'POST', url: `/api/account/email/${second.token}` });
    expect(lapsed.statusCode).toBe(404);
    expect(lapsed.json().message).toBe(EMAIL_CHANGE_MESSAGES.linkGone);
    expect(await emailOf(shopper.user.id)).toBe(shopper.user.email);
  });

  it("refuses another account's address, its own, and a malformed one, with a message, changing nothing", async () => {
    const shopper = await store.newCustomer();
    const other = await store.newCustomer();
    const taken = await askEmail(shopper.headers, other.user.email.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(EMAIL_CHANGE_MESSAGES.taken);
    const same = await askEmail(shopper.headers, shopper.user.email);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(EMAIL_CHANGE_MESSAGES.same);
    const malformed = await askEmail(shopper.headers, 'meera at example');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('Please enter a valid email address');
    const bogus = await store.app.inject({ method: 'POST', url: '/api/account/email/not a token' });
    expect(bogus.statusCode).toBe(400);
    const mails = await store.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'email-change'));
    expect(mails.filter((mail) => [other.user.email, 'meera at example'].includes(mail.recipient))).toEqual(
      [],
    );
    expect(await emailOf(shopper.user.id)).toBe(shopper.user.email);
    expect(
      (await store.app.inject({ method: 'POST', url: '/api/account/email', payload: { email: 'a@b.in' } }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses an eleventh correction in the hour, names and e-mails counted together', async () => {
    const shopper = await store.newCustomer();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await correctName(shopper.headers, `Name ${attempt}`)).statusCode).toBe(200);
      expect((await askEmail(shopper.headers, `try${attempt}@example.in`)).statusCode).toBe(200);
    }
    const refused = await askEmail(shopper.headers, 'one.more@example.in');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('correcting the mobile number (decision 0075)', () => {
  const remoteAddress = '203.0.113.90';
  const askCode = (headers: Record<string, string>, phone: string) =>
    store.app.inject({
      method: 'POST',
      url: '/api/auth/phone/request',
      headers,
      payload: { phone },
      remoteAddress,
    });
  const setPhone = (headers: Record<string, string>, phone: string, code: string) =>
    store.app.inject({
      method: 'POST',
      url: '/api/account/phone',
      headers,
      payload: { phone, code },
      remoteAddress,
    });

  it('sets the new number only with the code sent to it, and logs the change', async () => {
    const shopper = await store.newCustomer();
    const info = vi.spyOn(store.app.log, 'info');
    expect((await askCode(shopper.headers, '9876500011')).statusCode).toBe(200);
    const code = await lastSandboxCode(store.database, '9876500011');
    const wrong = await setPhone(shopper.headers, '9876500011', code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(401);
    const [before] = await store.database.db.select().from(users).where(eq(users.id, shopper.user.id));
    expect(before?.phone).toBeNull();

    const done = await setPhone(shopper.headers, '9876500011', code);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.phone).toBe('9876500011');
    const [after] = await store.database.db.select().from(users).where(eq(users.id, shopper.user.id));
    expect(after?.phone).toBe('9876500011');
    expect(after?.phoneVerifiedAt).toBeInstanceOf(Date);
    expect(info.mock.calls.map(([fields]) => fields)).toContainEqual({
      userId: shopper.user.id,
      event: 'account-phone-corrected',
    });
    info.mockRestore();
  });

  it('refuses an eleventh try in the hour before looking at the code', async () => {
    const shopper = await store.newCustomer();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await correctName(shopper.headers, `Name ${attempt}`)).statusCode).toBe(200);
    }
    clock.set(new Date(clock.now().getTime() + OTP_RULES.resendAfterSeconds * 1000));
    expect((await askCode(shopper.headers, '9876500022')).statusCode).toBe(200);
    const refused = await setPhone(
      shopper.headers,
      '9876500022',
      await lastSandboxCode(store.database, '9876500022'),
    );
    expect(refused.statusCode).toBe(429);
    const [row] = await store.database.db.select().from(users).where(eq(users.id, shopper.user.id));
    expect(row?.phone).toBeNull();
  });
});
