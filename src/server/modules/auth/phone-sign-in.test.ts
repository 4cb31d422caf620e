import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AuthResponse, MeResponse } from '../../../shared/api/auth';
import { ADULT_REQUIRED, NAME_NEEDED, OTP_RULES } from '../../../shared/auth';
import { phoneCodes, sandboxMessages, users } from '../../db/schema';
import { waitInWords } from '../../errors';
import { lastSandboxCode } from '../../testing/test-accounts';
import { createTestApp, createTestClock } from '../../testing/test-app';
import { openSecondConnection, TWO_INSTANCES_ON } from '../../testing/test-database';
import { setUpTestStore } from '../../testing/test-store';
import {
  CODE_ALLOWANCE,
  CODE_EXPIRED,
  CODES_FROM_HERE,
  EMAIL_OF_ANOTHER_ACCOUNT,
  OTP_LIMITS,
  PHONE_OF_ANOTHER_ACCOUNT,
  STAFF_USE_PASSWORD,
  TOO_MANY_TRIES,
} from './phone-sign-in';

const start = new Date('2026-11-25T10:00:00.000Z');
const clock = createTestClock(start);
const store = setUpTestStore({ clock, env: { BACKGROUND_JOBS: 'false' } });

// Each test speaks from its own address and to its own numbers, so no limit of one touches another.
let last = 0;
const nextIp = () => `203.0.113.${++last}`;
const nextPhone = () => `98${String(10_000_000 + ++last * 7919).slice(-8)}`;

const requestCode = (
  phone: string,
  ip: string,
  extra: Record<string, unknown> = {},
  app: FastifyInstance = store.app,
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/otp/request',
    payload: { phone, ...extra },
    remoteAddress: ip,
  });

const verify = (payload: Record<string, unknown>, ip: string, app: FastifyInstance = store.app) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/otp/verify',
    payload: payload.fullName ? { adult: true, ...payload } : payload,
    remoteAddress: ip,
  });

/** The code the sandbox "sent" to the number last. */
const lastCode = (phone: string) => lastSandboxCode(store.database, phone);

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Lets the 30 seconds before a number may ask again pass on the store's clock. */
const endCooldown = async (_phone: string) => {
  clock.set(new Date(clock.now().getTime() + OTP_RULES.resendAfterSeconds * 1000));
};

async function signUp(phone: string, fullName = 'Asha Rao') {
  const ip = nextIp();
  expect((await requestCode(phone, ip)).statusCode).toBe(200);
  const response = await verify({ phone, code: await lastCode(phone), fullName }, ip);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuthResponse>();
}

describe('asking for a code', () => {
  it('sends a 6-digit code by SMS (WhatsApp when asked), keeping only its hash', async () => {
    const phone = nextPhone();
    const response = await requestCode(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`, nextIp());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ sent: true, resendAfter: 30 });
    const [message] = await store.database.db
      .select()
      .from(sandboxMessages)
      .where(eq(sandboxMessages.recipient, phone));
    expect(message?.channel).toBe('sms');
    expect(message?.template).toBe('otp');
    const code = message?.params[0] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(message?.text).toContain(`${code} is your Utsav Gifts login code. It expires in 5 minutes.`);
    const [row] = await store.database.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone));
    expect(row?.codeHash).not.toContain(code);
    expect(row?.expiresAt.getTime()).toBe(start.getTime() + 5 * 60 * 1000);

    const whatsappPhone = nextPhone();
    await requestCode(`0${whatsappPhone}`, nextIp(), { channel: 'whatsapp' });
    const [whatsapp] = await store.database.db
      .select()
      .from(sandboxMessages)
      .where(eq(sandboxMessages.recipient, whatsappPhone));
    expect(whatsapp?.channel).toBe('whatsapp');
  });

  it("ends the SMS with WebOTP's @host #code line when the store knows its address", async () => {
    const withAddress = await createTestApp(store.database, {
      clock,
      env: { BACKGROUND_JOBS: 'false', PUBLIC_URL: 'https://shop.example.in' },
    });
    try {
      const phone = nextPhone();
      expect((await requestCode(phone, nextIp(), {}, withAddress)).statusCode).toBe(200);
      const [message] = await store.database.db
        .select()
        .from(sandboxMessages)
        .where(eq(sandboxMessages.recipient, phone));
      const code = await lastCode(phone);
      // WebOTP: the last line is "@" and the origin's host, a space, "#" and the code.
      expect(message?.text.split('\n').at(-1)).toBe(`@shop.example.in #${code}`);
      expect(message?.text.startsWith(`${code} is your Utsav Gifts login code.`)).toBe(true);
    } finally {
      await withAddress.close();
    }
    // Without an address there is no origin to bind the code to, so no such line.
    const plain = nextPhone();
    await requestCode(plain, nextIp());
    const [message] = await store.database.db
      .select()
      .from(sandboxMessages)
      .where(eq(sandboxMessages.recipient, plain));
    expect(message?.text).not.toContain('#');
  });

  it('answers the same whether or not the number has an account', async () => {
    const known = nextPhone();
    await signUp(known);
    await endCooldown(known);
    const forKnown = await requestCode(known, nextIp());
    const forUnknown = await requestCode(nextPhone(), nextIp());
    expect(forKnown.statusCode).toBe(forUnknown.statusCode);
    expect(forKnown.body).toBe(forUnknown.body);
  });

  it('refuses a number that is not an Indian mobile, and an unknown channel, sending nothing', async () => {
    const before = (await store.database.db.select().from(sandboxMessages)).length;
    for (const payload of [
      { phone: '12345' },
      { phone: '5876543210' },
      { phone: '98765 43210', channel: 'fax' },
    ]) {
      const response = await store.app.inject({
        method: 'POST',
        url: '/api/auth/otp/request',
        payload,
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(400);
    }
    expect(await store.database.db.select().from(sandboxMessages)).toHaveLength(before);
  });

  it('sends a number one code per 30 seconds, from any address, with Retry-After', async () => {
    const phone = nextPhone();
    expect((await requestCode(phone, nextIp())).statusCode).toBe(200);
    const again = await requestCode(phone, nextIp());
    expect(again.statusCode).toBe(429);
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(again.json().message).toMatch(/^Please wait \d+ seconds before asking for another code\.$/);
  });

  it('sends a number a new code once its 30 seconds have passed, not a second before', async () => {
    const phone = nextPhone();
    expect((await requestCode(phone, nextIp())).statusCode).toBe(200);
    const startedAt = clock.now().getTime();
    clock.set(new Date(startedAt + (OTP_RULES.resendAfterSeconds - 1) * 1000));
    const early = await requestCode(phone, nextIp());
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('1');
    clock.set(new Date(startedAt + OTP_RULES.resendAfterSeconds * 1000));
    const again = await requestCode(phone, nextIp());
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ sent: true, resendAfter: 30 });
  });

  it('sends a number at most 10 codes an hour from all addresses, so nobody can flood a phone', async () => {
    const phone = nextPhone();
    for (let sent = 1; sent <= CODE_ALLOWANCE.perPhone; sent++) {
      expect((await requestCode(phone, nextIp())).statusCode).toBe(200);
      await endCooldown(phone);
    }
    const refused = await requestCode(phone, nextIp());
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(30 * 60);
  });

  it("still sends a victim's number a code after 6 parallel requests from an attacker's address", async () => {
    const victim = nextPhone();
    const attacker = nextIp();
    const burst = await Promise.all(Array.from({ length: 6 }, () => requestCode(victim, attacker)));
    expect(burst.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    // The attacker goes on, a burst every 30 s, until its own share of the number is spent.
    for (let round = 0; round < 4; round++) {
      await endCooldown(victim);
      await Promise.all(Array.from({ length: 6 }, () => requestCode(victim, attacker)));
    }
    const [{ count } = { count: 0 }] = await store.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(phoneCodes)
      .where(eq(phoneCodes.phone, victim));
    expect(count).toBe(CODE_ALLOWANCE.perPhoneAndRequester);

    await endCooldown(victim);
    const own = nextIp();
    const answer = await requestCode(victim, own);
    expect(answer.statusCode, answer.body).toBe(200);
    const signIn = await verify({ phone: victim, code: await lastCode(victim), fullName: 'Meera' }, own);
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it('lets one address ask for 5 codes at once, then makes it wait 30 s, doubling with each code', async () => {
    const ip = nextIp();
    for (let sent = 1; sent <= CODE_ALLOWANCE.requesterFreeCodes; sent++) {
      expect((await requestCode(nextPhone(), ip)).statusCode).toBe(200);
    }
    for (const wait of [30, 60, 120]) {
      const refused = await requestCode(nextPhone(), ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(wait));
      expect(refused.json().message).toBe(CODES_FROM_HERE(waitInWords(wait)));
      clock.set(new Date(clock.now().getTime() + wait * 1000));
      expect((await requestCode(nextPhone(), ip)).statusCode).toBe(200);
    }
  });

  it('lets one address ask for 20 codes an hour, whatever the numbers', async () => {
    const ip = nextIp();
    for (let asked = 1; asked <= OTP_LIMITS.perIp.attempts; asked++) {
      const answer = await requestCode(nextPhone(), ip);
      if (answer.statusCode === 429) {
        // The growing wait of a busy requester: the store's clock lets it pass.
        clock.set(new Date(clock.now().getTime() + Number(answer.headers['retry-after']) * 1000));
      }
    }
    const refused = await requestCode(nextPhone(), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many codes were asked for from here/);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('signing in with the code', () => {
  it('makes a customer for a new number, asking the name once; e-mail is optional', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    await requestCode(phone, ip);
    const code = await lastCode(phone);
    const nameless = await verify({ phone, code }, ip);
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toBe(NAME_NEEDED);
    const response = await verify({ phone, code, fullName: '  Asha Rao ' }, ip);
    expect(response.statusCode, response.body).toBe(200);
    const { user, token } = response.json<AuthResponse>();
    expect(user).toMatchObject({
      name: 'Asha Rao',
      fullName: 'Asha Rao',
      email: '',
      phone,
      role: 'customer',
    });
    expect(user.username).toMatch(/^asharao\d{4}$/);
    const me = await store.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json<MeResponse>().user.phone).toBe(phone);
  });

  it('refuses a new number without the declaration of being 18 or older, and the code still works', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    await requestCode(phone, ip);
    const code = await lastCode(phone);
    for (const adult of [false, undefined]) {
      const refused = await store.app.inject({
        method: 'POST',
        url: '/api/auth/otp/verify',
        payload: { phone, code, fullName: 'Young Shopper', ...(adult === undefined ? {} : { adult }) },
        remoteAddress: ip,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(ADULT_REQUIRED);
    }
    expect(await store.database.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
    const declared = await verify({ phone, code, fullName: 'Grown Shopper' }, ip);
    expect(declared.statusCode).toBe(200);
    const [row] = await store.database.db.select().from(users).where(eq(users.phone, phone));
    expect(row?.adultDeclaredAt).toBeInstanceOf(Date);
  });

  it('signs a known number into its account', async () => {
    const phone = nextPhone();
    const first = await signUp(phone);
    await endCooldown(phone);
    const ip = nextIp();
    await requestCode(phone, ip);
    const response = await verify({ phone, code: await lastCode(phone), fullName: 'Someone Else' }, ip);
    expect(response.statusCode).toBe(200);
    expect(response.json<AuthResponse>().user).toMatchObject({ id: first.user.id, fullName: 'Asha Rao' });
  });

  it('refuses a wrong code with the tries left, and the right one after 3 wrong tries', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    await requestCode(phone, ip);
    const code = await lastCode(phone);
    const messages = [];
    for (let attempt = 0; attempt < OTP_RULES.maxWrongTries; attempt++) {
      const response = await verify({ phone, code: otherCode(code), fullName: 'Ravi' }, ip);
      expect(response.statusCode).toBe(401);
      messages.push(response.json().message);
    }
    expect(messages).toEqual([
      'That code is not right. 2 tries left.',
      'That code is not right. 1 try left.',
      TOO_MANY_TRIES,
    ]);
    const right = await verify({ phone, code, fullName: 'Ravi' }, ip);
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toBe(TOO_MANY_TRIES);
  });

  it('counts guesses that arrive at once: 12 together get no more than 3 tries', async () => {
    // Each try is counted before its hash; a guess beyond the address's share of the hashing
    // queue is answered 503 (decision 0056) and has used its try all the same.
    const phone = nextPhone();
    const ip = nextIp();
    await requestCode(phone, ip);
    const code = await lastCode(phone);
    const guesses = Array.from({ length: 12 }, (_, index) =>
      String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      guesses.map((guess) => verify({ phone, code: guess, fullName: 'Ravi' }, ip)),
    );
    expect(answers.every((answer) => [401, 503].includes(answer.statusCode))).toBe(true);
    const [row] = await store.database.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone));
    expect(row?.wrongTries).toBe(3);
    expect((await verify({ phone, code, fullName: 'Ravi' }, ip)).statusCode).toBe(401);
  });

  it('refuses a code used once already, and one past its 5 minutes', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    await requestCode(phone, ip);
    const code = await lastCode(phone);
    expect((await verify({ phone, code, fullName: 'Meera' }, ip)).statusCode).toBe(200);
    const reused = await verify({ phone, code, fullName: 'Meera' }, ip);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(CODE_EXPIRED);

    const late = nextPhone();
    await requestCode(late, ip);
    const lateCode = await lastCode(late);
    clock.set(new Date(clock.now().getTime() + OTP_RULES.ttlSeconds * 1000 + 1000));
    const expired = await verify({ phone: late, code: lateCode, fullName: 'Meera' }, ip);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(CODE_EXPIRED);
  });

  it('makes a new code replace the one before it', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    await requestCode(phone, ip);
    await endCooldown(phone);
    await requestCode(phone, ip);
    const rows = await store.database.db
      .select()
      .from(phoneCodes)
      .where(eq(phoneCodes.phone, phone))
      .orderBy(phoneCodes.id);
    expect(rows.map((row) => row.usedAt !== null)).toEqual([true, false]);
    expect((await verify({ phone, code: await lastCode(phone), fullName: 'Kiran' }, ip)).statusCode).toBe(
      200,
    );
  });

  it('never merges: a new number with the e-mail of another account is refused', async () => {
    const emailAccount = await store.newCustomer();
    const phone = nextPhone();
    const ip = nextIp();
    await requestCode(phone, ip);
    const code = await lastCode(phone);
    const response = await verify({ phone, code, fullName: 'Asha', email: emailAccount.user.email }, ip);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(EMAIL_OF_ANOTHER_ACCOUNT);
    // The code still works for an account without that e-mail.
    expect((await verify({ phone, code, fullName: 'Asha' }, ip)).statusCode).toBe(200);
  });

  it('never opens the back office with a code alone: an owner is told to use the password', async () => {
    const owner = await store.newAdmin();
    const phone = nextPhone();
    const ip = nextIp();
    await store.app.inject({
      method: 'POST',
      url: '/api/auth/phone/request',
      payload: { phone },
      headers: owner.headers,
      remoteAddress: ip,
    });
    const added = await store.app.inject({
      method: 'POST',
      url: '/api/account/phone',
      payload: { phone, code: await lastCode(phone) },
      headers: owner.headers,
      remoteAddress: ip,
    });
    expect(added.statusCode, added.body).toBe(200);
    await endCooldown(phone);

    expect((await requestCode(phone, ip)).statusCode).toBe(200);
    const signIn = await verify({ phone, code: await lastCode(phone) }, ip);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({ message: STAFF_USE_PASSWORD });
    expect(signIn.json().token).toBeUndefined();
  });

  it('leaves e-mail login to accounts with a password', async () => {
    const { user } = await signUp(nextPhone());
    const login = await store.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `${user.username}@example.com`, password: 'anything' },
      remoteAddress: nextIp(),
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('adding a phone to an e-mail account', () => {
  const add = async (headers: Record<string, string>, phone: string, ip: string) => {
    const asked = await store.app.inject({
      method: 'POST',
      url: '/api/auth/phone/request',
      payload: { phone },
      headers,
      remoteAddress: ip,
    });
    expect(asked.statusCode).toBe(200);
    return store.app.inject({
      method: 'POST',
      url: '/api/account/phone',
      payload: { phone, code: await lastCode(phone) },
      headers,
      remoteAddress: ip,
    });
  };

  it('verifies the number for the signed-in account, which then signs in with it too', async () => {
    const account = await store.newCustomer();
    const phone = nextPhone();
    const response = await add(account.headers, phone, nextIp());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MeResponse>().user).toMatchObject({ id: account.user.id, phone });
    await endCooldown(phone);
    const ip = nextIp();
    await requestCode(phone, ip);
    const signIn = await verify({ phone, code: await lastCode(phone) }, ip);
    expect(signIn.json<AuthResponse>().user.id).toBe(account.user.id);
  });

  it('refuses a number that belongs to another account, and a sign-in code for it', async () => {
    const phone = nextPhone();
    await signUp(phone);
    await endCooldown(phone);
    const account = await store.newCustomer();
    const response = await add(account.headers, phone, nextIp());
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(PHONE_OF_ANOTHER_ACCOUNT);

    // A code sent to add a number does not sign anyone in.
    const other = nextPhone();
    const ip = nextIp();
    await store.app.inject({
      method: 'POST',
      url: '/api/auth/phone/request',
      payload: { phone: other },
      headers: account.headers,
      remoteAddress: ip,
    });
    const signIn = await verify({ phone: other, code: await lastCode(other), fullName: 'Thief' }, ip);
    expect(signIn.statusCode).toBe(401);
    const [row] = await store.database.db
      .select()
      .from(phoneCodes)
      .where(and(eq(phoneCodes.phone, other), eq(phoneCodes.purpose, 'add-phone')));
    expect(row?.usedAt).toBeNull();
  });
});

describe(`with two instances (${TWO_INSTANCES_ON})`, () => {
  it('holds the limits across them (the database, or Redis when TEST_REDIS_URL is set)', async () => {
    const secondDatabase = await openSecondConnection(store.database);
    const second = await createTestApp(secondDatabase, {
      clock,
      env: { BACKGROUND_JOBS: 'false', REDIS_KEY_PREFIX: store.app.config.REDIS_KEY_PREFIX },
    });
    try {
      const phone = nextPhone();
      expect((await requestCode(phone, nextIp(), {}, store.app)).statusCode).toBe(200);
      expect((await requestCode(phone, nextIp(), {}, second)).statusCode).toBe(429);

      const ip = nextIp();
      const code = await lastCode(phone);
      for (let attempt = 0; attempt < OTP_RULES.maxWrongTries; attempt++) {
        const instance = attempt % 2 === 0 ? store.app : second;
        expect(
          (await verify({ phone, code: otherCode(code), fullName: 'Ravi' }, ip, instance)).statusCode,
        ).toBe(401);
      }
      expect((await verify({ phone, code, fullName: 'Ravi' }, ip, second)).json().message).toBe(
        TOO_MANY_TRIES,
      );

      const busy = nextIp();
      for (let sent = 1; sent <= CODE_ALLOWANCE.requesterFreeCodes; sent++) {
        const instance = sent % 2 === 0 ? store.app : second;
        expect((await requestCode(nextPhone(), busy, {}, instance)).statusCode).toBe(200);
      }
      expect((await requestCode(nextPhone(), busy, {}, store.app)).statusCode).toBe(429);
      expect((await requestCode(nextPhone(), busy, {}, second)).statusCode).toBe(429);
    } finally {
      await second.close();
      await secondDatabase.close();
    }
  });
});
