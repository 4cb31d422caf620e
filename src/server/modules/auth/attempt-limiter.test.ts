import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedis, type RedisConnection } from '../../db/redis-client';
import { rateLimits } from '../../db/schema';
import { TWO_INSTANCES_ON } from '../../testing/test-database';
import { setUpTestDatabase } from '../../testing/test-store';
import { type AttemptRule, createAttemptLimiter, type LimiterStore } from './attempt-limiter';

// The database store always runs; the Redis store runs too when TEST_REDIS_URL names a server
// (CI sets it), with a random key prefix so runs sharing that server never meet.
const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `test:${randomBytes(6).toString('hex')}:`;

const testDatabase = setUpTestDatabase();
let redis: RedisConnection | null = null;

beforeAll(async () => {
  if (redisUrl) redis = await openRedis(redisUrl, { warn: () => {} });
});

afterAll(async () => {
  if (redis) {
    const keys = await redis.client.keys(`${prefix}*`);
    if (keys.length > 0) await redis.client.del(...keys);
    await redis.close();
  }
});

const stores: { name: string; store: () => LimiterStore }[] = [
  { name: 'database', store: () => ({ kind: 'database', db: testDatabase.database.db }) },
  ...(redisUrl
    ? [{ name: 'redis', store: (): LimiterStore => ({ kind: 'redis', client: redis!.client, prefix }) }]
    : []),
];

let ruleCount = 0;
const ruleOf = (attempts: number, windowSeconds = 15 * 60): AttemptRule => {
  ruleCount += 1;
  return { name: `rule-${ruleCount}`, attempts, windowSeconds };
};

describe.each(stores)('attempt limiter on the $name', ({ name, store }) => {
  it('allows the rule’s attempts, then answers the seconds left in the window', async () => {
    const limiter = createAttemptLimiter(store(), ruleOf(3, 600));
    expect(await limiter.waitSeconds('asha@example.com')).toBe(0);
    const waits = [];
    for (let attempt = 0; attempt < 4; attempt += 1) waits.push(await limiter.consume('asha@example.com'));
    expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
    expect(waits[3]).toBeGreaterThan(0);
    expect(waits[3]).toBeLessThanOrEqual(600);
    expect(await limiter.waitSeconds('asha@example.com')).toBeGreaterThan(0);
    // Another key has its own count.
    expect(await limiter.consume('ravi@example.com')).toBe(0);
  });

  // Two limiters on one database are two instances (TWO_INSTANCES_ON); on Redis one server orders
  // every command, whichever instance sends it.
  it(`counts attempts made through two instances as one, also when they arrive at once${name === 'database' ? ` (${TWO_INSTANCES_ON})` : ''}`, async () => {
    const rule = ruleOf(10);
    const first = createAttemptLimiter(store(), rule);
    const second = createAttemptLimiter(store(), rule);
    const waits = await Promise.all(
      Array.from({ length: 16 }, (_, index) => (index % 2 ? first : second).consume('203.0.113.9')),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(10);
    expect(await first.waitSeconds('203.0.113.9')).toBeGreaterThan(0);
    expect(await second.waitSeconds('203.0.113.9')).toBeGreaterThan(0);
  });

  it('starts a key afresh after a reset', async () => {
    const limiter = createAttemptLimiter(store(), ruleOf(1));
    await limiter.consume('meera@example.com');
    expect(await limiter.consume('meera@example.com')).toBeGreaterThan(0);
    await limiter.reset('meera@example.com');
    expect(await limiter.waitSeconds('meera@example.com')).toBe(0);
    expect(await limiter.consume('meera@example.com')).toBe(0);
  });
});

describe.each(stores.filter((entry) => entry.name === 'redis'))('counters in $name', ({ store }) => {
  it('leave the database table untouched', async () => {
    await testDatabase.database.db.delete(rateLimits);
    const limiter = createAttemptLimiter(store(), ruleOf(5));
    await limiter.consume('kiran@example.com');
    expect(await testDatabase.database.db.select().from(rateLimits)).toEqual([]);
    expect(await redis!.client.keys(`${prefix}*`)).not.toEqual([]);
  });
});

describe('attempt limiter on an unreachable Redis', () => {
  it('counts in the database instead, so sign-in stays limited', async () => {
    // Nothing listens on port 1 of this machine.
    const away = await openRedis('redis://127.0.0.1:1', { warn: () => {} });
    try {
      const limiter = createAttemptLimiter(
        { kind: 'redis', client: away.client, prefix, fallbackDb: testDatabase.database.db },
        ruleOf(2),
      );
      const waits = [];
      for (let attempt = 0; attempt < 3; attempt += 1) waits.push(await limiter.consume('nisha@example.com'));
      expect(waits.slice(0, 2)).toEqual([0, 0]);
      expect(waits[2]).toBeGreaterThan(0);
      expect(await testDatabase.database.db.select().from(rateLimits)).not.toEqual([]);
    } finally {
      await away.close();
    }
  });
});
