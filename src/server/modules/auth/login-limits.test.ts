import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openRedis, type RedisConnection } from '../../db/redis-client';
import { createTestClock, TEST_PASSWORD_COST } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';
import type { LimiterStore } from './attempt-limiter';
import { AUTH_LIMITS, createAuthService, floodDelayMs, LOGIN_IP_REFUSED_BEFORE_HASH } from './auth-service';
import { verifyPassword } from './password';

// Decision 0019's login limits on the service: the database store always, Redis too when TEST_REDIS_URL is set.
const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `test:${randomBytes(6).toString('hex')}:`;
const clock = createTestClock('2025-10-20T10:00:00.000Z');

let database: Database;
let redis: RedisConnection | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
  if (redisUrl) redis = await openRedis(redisUrl, { warn: () => {} });
});

afterAll(async () => {
  if (redis) {
    const keys = await redis.client.keys(`${prefix}*`);
    if (keys.length > 0) await redis.client.del(...keys);
    await redis.close();
  }
  await database.close();
});

const stores: { name: string; store: () => LimiterStore }[] = [
  { name: 'database', store: () => ({ kind: 'database', db: database.db }) },
  ...(redisUrl
    ? [{ name: 'redis', store: (): LimiterStore => ({ kind: 'redis', client: redis!.client, prefix }) }]
    : []),
];

let accounts = 0;

describe.each(stores)('login limits on the $name', ({ name, store }) => {
  function setUp() {
    let verifications = 0;
    const waits: number[] = [];
    const auth = createAuthService({
      db: database.db,
      clock,
      limiterStore: store(),
      passwordCost: TEST_PASSWORD_COST,
      verify: (password, storedHash) => {
        verifications += 1;
        return verifyPassword(password, storedHash);
      },
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    return { auth, verifications: () => verifications, waits };
  }

  async function registered(auth: ReturnType<typeof setUp>['auth']) {
    accounts += 1;
    const email = `owner-${name}-${accounts}-${prefix.slice(5, 11)}@example.com`;
    const password = 'correct-horse';
    await auth.register(
      {
        email,
        password,
        username: `owner${name}${accounts}${prefix.slice(5, 11)}`,
        fullName: 'Owner',
        adult: true,
      },
      `198.51.100.${accounts}`,
    );
    return { email, password };
  }

  const statusOf = (outcome: PromiseSettledResult<unknown>) =>
    outcome.status === 'fulfilled' ? 200 : ((outcome.reason as { kind?: string }).kind ?? 'error');

  it('checks at most the limit’s number of 40 simultaneous wrong passwords, refusing the rest with 429', async () => {
    const { auth, verifications } = setUp();
    const account = await registered(auth);
    const before = verifications();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, index) =>
        auth.login({ email: account.email, password: `guess-${index}` }, '203.0.113.40'),
      ),
    );
    const kinds = outcomes.map(statusOf);
    const { attempts } = AUTH_LIMITS.loginPerAccountAndIp;
    expect(verifications() - before).toBeLessThanOrEqual(attempts);
    expect(kinds.filter((kind) => kind === 'tooMany')).toHaveLength(40 - attempts);
    // Those counted are checked, or answered 503 past the address's share of the hashing queue
    // (decision 0056).
    expect(kinds.filter((kind) => kind === 'unauthorized' || kind === 'unavailable')).toHaveLength(attempts);
  });

  it('slows an account flooded from many addresses, yet its owner still signs in with the right password', async () => {
    const { auth, waits } = setUp();
    const account = await registered(auth);
    for (let index = 1; index <= 20; index += 1) {
      await expect(
        auth.login({ email: account.email, password: 'wrong' }, `192.0.2.${index}`),
      ).rejects.toMatchObject({
        kind: 'unauthorized',
      });
    }
    const signedIn = await auth.login(account, '192.0.2.200');
    expect(signedIn.user.email).toBe(account.email);
    expect(waits.length).toBeGreaterThan(0);
    expect(Math.max(...waits)).toBe(8000);
  });

  it('signs in with the right password from an address where others failed, until it is far past them', async () => {
    const { auth, verifications } = setUp();
    const account = await registered(auth);
    const shared = `100.64.${accounts}.7`;
    for (let index = 0; index < AUTH_LIMITS.loginIpFailures.attempts + 5; index += 1) {
      await auth
        .login({ email: `someone-${index}@example.com`, password: 'wrong' }, shared)
        .catch(() => null);
    }
    await expect(
      auth.login({ email: 'someone-x@example.com', password: 'wrong' }, shared),
    ).rejects.toMatchObject({
      kind: 'tooMany',
    });
    expect((await auth.login(account, shared)).user.email).toBe(account.email);

    // Decision 0056: far past them, the address is refused before any hash, even the right password.
    for (let index = 0; index < LOGIN_IP_REFUSED_BEFORE_HASH; index += 1) {
      await auth
        .login({ email: `someone-${index}@example.com`, password: 'wrong' }, shared)
        .catch(() => null);
    }
    const before = verifications();
    await expect(auth.login(account, shared)).rejects.toMatchObject({ kind: 'tooMany' });
    expect(verifications()).toBe(before);
    expect((await auth.login(account, `100.64.${accounts}.8`)).user.email).toBe(account.email);
  });

  it('gives each address one try at an account flooded from elsewhere, refusing a second before hashing', async () => {
    const { auth, verifications } = setUp();
    const account = await registered(auth);
    for (let index = 1; index <= AUTH_LIMITS.loginAccountFailures.attempts; index += 1) {
      await auth
        .login({ email: account.email, password: 'wrong' }, `192.0.${accounts}.${index}`)
        .catch(() => null);
    }
    const address = `192.0.${accounts}.100`;
    await expect(auth.login({ email: account.email, password: 'wrong' }, address)).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    const before = verifications();
    await expect(auth.login({ email: account.email, password: 'wrong' }, address)).rejects.toMatchObject({
      kind: 'tooMany',
    });
    expect(verifications()).toBe(before);
    expect((await auth.login(account, `192.0.${accounts}.101`)).user.email).toBe(account.email);
  });
});

describe('the flood delay', () => {
  it('starts at half a second past the threshold and doubles up to 8 seconds', () => {
    expect([10, 11, 12, 13, 14, 15, 16, 40].map((failures) => floodDelayMs(failures, 10))).toEqual([
      0, 500, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });
});
