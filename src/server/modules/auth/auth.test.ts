import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ADULT_REQUIRED } from '../../../shared/auth';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { sessions, users } from '../../db/schema';
import { createTestApp, createTestClock } from '../../testing/test-app';
import { openSecondConnection, TWO_INSTANCES_ON } from '../../testing/test-database';
import { setUpTestStore } from '../../testing/test-store';
import { AUTH_LIMITS, EMAIL_TAKEN, INVALID_CREDENTIALS, tokenHashOf, USERNAME_TAKEN } from './auth-service';
import { PASSWORD_COST } from './password';

const start = new Date('2025-10-20T10:00:00.000Z');
const clock = createTestClock(start);
const store = setUpTestStore({
  clock,
  routes: (app) =>
    app.get('/api/test/admin-only', { preHandler: app.requireAdmin }, async () => ({ ok: true })),
});

// Each test speaks from its own address so per-IP limits of one test never touch another.
let lastIp = 0;
const nextIp = () => {
  lastIp += 1;
  return `203.0.113.${lastIp}`;
};

const register = (payload: Record<string, unknown>, ip = nextIp()) =>
  store.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { adult: true, ...payload },
    remoteAddress: ip,
  });
const login = (payload: Record<string, unknown>, ip = nextIp()) =>
  store.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });
const me = (token: string) =>
  store.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

describe('POST /api/auth/register', () => {
  it('refuses a sign-up without the declaration of being 18 or older, and stores nothing', async () => {
    for (const adult of [false, undefined]) {
      const response = await store.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          email: 'young@example.com',
          password: 'diwali',
          username: 'young1',
          fullName: 'Young Shopper',
          ...(adult === undefined ? {} : { adult }),
        },
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(ADULT_REQUIRED);
    }
    expect(
      await store.database.db.select().from(users).where(eq(users.email, 'young@example.com')),
    ).toHaveLength(0);
  });

  it('creates a customer and answers the SPEC 3 user with a bearer token', async () => {
    const response = await register({
      email: 'asha@example.com',
      password: 'diwali',
      username: 'asha421',
      fullName: 'Asha Verma',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toEqual({
      id: expect.any(Number),
      userId: body.user.id,
      name: 'Asha Verma',
      fullName: 'Asha Verma',
      email: 'asha@example.com',
      username: 'asha421',
      role: 'customer',
      staffRole: null,
      // Decision 0069: the visit that made the account is greeted, not "welcomed back".
      returning: false,
    });
    // 32 random bytes in base64url.
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('stores a scrypt hash of the password and only a SHA-256 of the token', async () => {
    const { user, token } = await store.newCustomer({ password: 'plain-secret' });
    const [row] = await store.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain('plain-secret');
    const stored = await store.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored.map((session) => session.tokenHash)).toEqual([tokenHashOf(token)]);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('hashes at production’s scrypt cost when the app is given no other (only tests give one)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-cost-'));
    const production = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
      database: store.database,
    });
    try {
      const response = await production.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          email: 'full-cost@example.com',
          password: 'diwali-2031',
          username: 'fullcost',
          fullName: 'Full Cost',
          adult: true,
        },
        remoteAddress: nextIp(),
      });
      expect(response.statusCode, response.body).toBe(201);
      const [row] = await store.database.db
        .select()
        .from(users)
        .where(eq(users.email, 'full-cost@example.com'));
      const { N, r, p } = PASSWORD_COST;
      expect(row?.passwordHash?.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
    } finally {
      await production.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('normalises the e-mail (trimmed, lower case), so login works whatever the case', async () => {
    const response = await register({
      email: '  Meera.Iyer@Example.COM ',
      password: 'pongal',
      username: 'meera7',
      fullName: 'Meera',
    });
    expect(response.json().user.email).toBe('meera.iyer@example.com');
    const again = await login({ email: 'MEERA.IYER@example.com', password: 'pongal' });
    expect(again.statusCode).toBe(200);
  });

  it('refuses an e-mail that is already registered, in any case, with 409', async () => {
    await store.newCustomer({ email: 'ravi@example.com' });
    const response = await register({
      email: 'Ravi@Example.com',
      password: 'another',
      username: 'someone-else',
      fullName: 'Ravi',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(EMAIL_TAKEN);
  });

  it('refuses a username that is taken with 409 naming the username field', async () => {
    await store.newCustomer({ username: 'kavya100' });
    const response = await register({
      email: 'kavya.new@example.com',
      password: 'secret1',
      username: 'kavya100',
      fullName: 'Kavya',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: USERNAME_TAKEN,
      errors: [{ path: 'username', message: USERNAME_TAKEN }],
    });
  });

  it('applies SPEC 5: a password of at least 6 characters and a valid e-mail', async () => {
    const short = await register({
      email: 'a@example.com',
      password: '12345',
      username: 'a1',
      fullName: 'A',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 6 characters');
    const badEmail = await register({
      email: 'not-an-email',
      password: '123456',
      username: 'a2',
      fullName: 'A',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe('Please enter a valid email address');
  });
});

describe('POST /api/auth/login', () => {
  // Decision 0069: "Welcome back" only for someone who was here before.
  it('says an account made a day ago is returning when it signs in, and a new one is not', async () => {
    const fresh = await store.newCustomer({ password: 'holi-colours' });
    expect((await me(fresh.token)).json().user.returning).toBe(false);
    const again = await login({ email: fresh.user.email, password: 'holi-colours' });
    expect(again.json().user.returning).toBe(false);

    await store.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 24 * 60 * 60 * 1000) })
      .where(eq(users.id, fresh.user.id));
    const nextDay = await login({ email: fresh.user.email, password: 'holi-colours' });
    expect(nextDay.json().user.returning).toBe(true);
    expect((await me(nextDay.json().token)).json().user.returning).toBe(true);
  });

  it('answers the user and a new token that works for /auth/me', async () => {
    const account = await store.newCustomer({ password: 'holi-colours' });
    const response = await login({ email: account.user.email, password: 'holi-colours' });
    expect(response.statusCode).toBe(200);
    const { user, token } = response.json();
    expect(user).toEqual(account.user);
    expect(token).not.toBe(account.token);
    expect((await me(token)).json().user).toEqual(account.user);
  });

  it('answers a wrong e-mail and a wrong password with the same 401 message', async () => {
    const account = await store.newCustomer();
    const wrongPassword = await login({ email: account.user.email, password: 'not-the-password' });
    const wrongEmail = await login({ email: 'nobody-here@example.com', password: account.password });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe(INVALID_CREDENTIALS);
    expect(wrongEmail.json().message).toBe(INVALID_CREDENTIALS);
  });
});

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  it('refuses a missing, malformed or unknown token with 401', async () => {
    expect((await store.app.inject('/api/auth/me')).statusCode).toBe(401);
    const malformed = await store.app.inject({
      url: '/api/auth/me',
      headers: { authorization: 'Bearer a b c' },
    });
    expect(malformed.statusCode).toBe(401);
    expect((await me('x'.repeat(43))).statusCode).toBe(401);
    const basic = await store.app.inject({
      url: '/api/auth/me',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('answers the user with no-store caching', async () => {
    const account = await store.newCustomer();
    const response = await me(account.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: account.user });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('revokes the token on logout, leaving the same user’s other sessions signed in', async () => {
    const account = await store.newCustomer();
    const other = (await login({ email: account.user.email, password: account.password })).json().token;
    const response = await store.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: account.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await me(account.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('refuses a token once its 30 days are over', async () => {
    const account = await store.newCustomer();
    try {
      clock.set(new Date(start.getTime() + 29 * 24 * 60 * 60 * 1000));
      expect((await me(account.token)).statusCode).toBe(200);
      clock.set(new Date(start.getTime() + 30 * 24 * 60 * 60 * 1000 + 1000));
      const expired = await me(account.token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().message).toBe('Your session has expired. Please log in again.');
    } finally {
      clock.set(start);
    }
  });
});

describe('requireAdmin', () => {
  it('lets admins through, refuses customers with 403 and strangers with 401', async () => {
    const customer = await store.newCustomer();
    const admin = await store.newCustomer();
    await store.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    expect((await store.app.inject('/api/test/admin-only')).statusCode).toBe(401);
    expect(
      (await store.app.inject({ url: '/api/test/admin-only', headers: customer.headers })).statusCode,
    ).toBe(403);
    expect((await store.app.inject({ url: '/api/test/admin-only', headers: admin.headers })).statusCode).toBe(
      200,
    );
  });
});

describe('rate limits', () => {
  const retryAfterOf = (response: { headers: Record<string, unknown> }) =>
    Number(response.headers['retry-after']);

  // The limit (decision 0019) now counts per account and address, and the right password
  // from elsewhere is never refused (it used to be locked out for 15 minutes).
  it('stops guessing one account’s password from one address after 10 attempts, with 429 and Retry-After', async () => {
    const account = await store.newCustomer();
    const { attempts, windowSeconds } = AUTH_LIMITS.loginPerAccountAndIp;
    const ip = nextIp();
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      expect((await login({ email: account.user.email, password: `guess-${attempt}` }, ip)).statusCode).toBe(
        401,
      );
    }
    const blocked = await login({ email: account.user.email, password: 'guess-again' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes\.$/);
    expect(retryAfterOf(blocked)).toBeGreaterThan(0);
    expect(retryAfterOf(blocked)).toBeLessThanOrEqual(windowSeconds);
    expect((await me(account.token)).statusCode).toBe(200);
  });

  it('lets the owner sign in from another address after an attacker’s 20 failures', async () => {
    const account = await store.newCustomer();
    const attacker = nextIp();
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      await login({ email: account.user.email, password: `guess-${attempt}` }, attacker);
    }
    expect((await login({ email: account.user.email, password: 'guess-again' }, attacker)).statusCode).toBe(
      429,
    );
    expect(
      (await login({ email: account.user.email, password: account.password }, nextIp())).statusCode,
    ).toBe(200);
  });

  it(`counts one account’s attempts from one address across two store instances on one database (${TWO_INSTANCES_ON})`, async () => {
    const secondDatabase = await openSecondConnection(store.database);
    // Both instances count in the same place: the database, or one Redis under one key prefix.
    const second = await createTestApp(secondDatabase, {
      clock,
      env: store.app.config.REDIS_KEY_PREFIX ? { REDIS_KEY_PREFIX: store.app.config.REDIS_KEY_PREFIX } : {},
    });
    try {
      const account = await store.newCustomer();
      const ip = nextIp();
      const guess = async (instance: FastifyInstance, password: string) =>
        (
          await instance.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: account.user.email, password },
            remoteAddress: ip,
          })
        ).statusCode;
      for (let attempt = 1; attempt <= AUTH_LIMITS.loginPerAccountAndIp.attempts; attempt += 1) {
        expect(await guess(attempt % 2 === 0 ? store.app : second, `guess-${attempt}`)).toBe(401);
      }
      expect(await guess(store.app, 'one-more-guess')).toBe(429);
      expect(await guess(second, 'one-more-guess')).toBe(429);
    } finally {
      await second.close();
      await secondDatabase.close();
    }
  });

  it('clears an account’s failures when its owner signs in', async () => {
    const account = await store.newCustomer();
    const ip = nextIp();
    for (let attempt = 1; attempt < AUTH_LIMITS.loginPerAccountAndIp.attempts; attempt += 1) {
      await login({ email: account.user.email, password: `typo-${attempt}` }, ip);
    }
    expect((await login({ email: account.user.email, password: account.password }, ip)).statusCode).toBe(200);
    expect((await login({ email: account.user.email, password: 'typo-again' }, ip)).statusCode).toBe(401);
    expect((await login({ email: account.user.email, password: 'typo-and-again' }, ip)).statusCode).toBe(401);
  });

  // Decision 0019: a shared network's failures used to refuse a correct password too.
  it('refuses wrong passwords from an address that failed across many accounts, but not the right one', async () => {
    const account = await store.newCustomer();
    const ip = nextIp();
    for (let index = 0; index < AUTH_LIMITS.loginIpFailures.attempts; index += 1) {
      expect(
        (await login({ email: `stranger-${index}@example.com`, password: 'whatever' }, ip)).statusCode,
      ).toBe(401);
    }
    const refused = await login({ email: 'stranger-x@example.com', password: 'whatever' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(retryAfterOf(refused)).toBeGreaterThan(0);
    expect((await login({ email: account.user.email, password: account.password }, ip)).statusCode).toBe(200);
  });

  it('limits sign-ups per address with 429 and Retry-After', async () => {
    const ip = nextIp();
    const { attempts, windowSeconds } = AUTH_LIMITS.registerPerIp;
    // One after another: at once, one address's hashes beyond its share of the queue get 503
    // (decision 0056, hashing-flood.test.ts).
    for (let index = 0; index < attempts; index += 1) {
      const signup = await register(
        { email: `bulk-${index}@example.com`, password: 'secret1', username: `bulk${index}`, fullName: 'B' },
        ip,
      );
      expect(signup.statusCode).toBe(201);
    }
    const blocked = await register(
      { email: 'bulk-extra@example.com', password: 'secret1', username: 'bulkextra', fullName: 'B' },
      ip,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many sign-up attempts\. Please try again in \d+ minutes\.$/);
    expect(retryAfterOf(blocked)).toBeGreaterThan(0);
    expect(retryAfterOf(blocked)).toBeLessThanOrEqual(windowSeconds);
  });

  it('limits sign-up attempts for one e-mail address from many places', async () => {
    const email = 'popular@example.com';
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= AUTH_LIMITS.registerPerAccount.attempts; attempt += 1) {
      const response = await register({
        email,
        password: 'secret1',
        username: `popular${attempt}`,
        fullName: 'P',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 409, 409, 409, 409, 429]);
  });
});
