import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { openRedis } from './db/redis-client';
import { rateLimits } from './db/schema';
import { createTestProduct, placeOrder, seedPincodes } from './testing/order-fixtures';
import { type OwnServer, startOwnRedis } from './testing/outage-servers';
import { setUpTestStore } from './testing/test-store';

// Decision 0053: Redis only holds rate-limit counters, so stopping it must cost nothing but the
// counters' home. scripts/measure-outages.ts times the same requests (docs/operations.md).
let redis: OwnServer | undefined;
const store = setUpTestStore({
  customer: true,
  seed: seedPincodes,
  env: async () => {
    redis = await startOwnRedis();
    return { BACKGROUND_JOBS: 'false', REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'outage:' };
  },
});
afterAll(async () => {
  await redis?.remove();
});

/** Waits for the client to see what happened to its server (a guard, not a measure: the hook's limit). */
async function until(condition: () => boolean) {
  while (!condition()) await sleep(20);
}

const login = (password: string) =>
  store.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: store.customer.user.email, password },
  });

describe('a Redis outage', () => {
  it('answers logins, searches and checkouts from the database while Redis is stopped, and goes back to Redis after', async () => {
    const { app } = store;
    const product = await createTestProduct(store.database, { name: 'Peacock Thali Set', stock: 10 });
    const client = app.redis!.client;

    expect((await login('not-my-password')).statusCode).toBe(401);
    expect(await client.keys('outage:*')).not.toEqual([]);
    expect(await store.database.db.select().from(rateLimits)).toEqual([]);

    await redis!.stop();
    await until(() => client.status !== 'ready');

    // Refused at once rather than queued until Redis comes back.
    await expect(client.get('outage:anything')).rejects.toThrow(/enableOfflineQueue/);

    const wrong = await login('still-not-it');
    expect(wrong.statusCode).toBe(401);
    // The counters carried on in the database (rate-limiter-flexible's insurance limiter).
    expect(await store.database.db.select().from(rateLimits)).not.toEqual([]);
    expect((await login(store.customer.password)).statusCode).toBe(200);
    const search = await app.inject('/api/products?search=peacock');
    expect(search.statusCode).toBe(200);
    expect(Array.isArray(search.json().data)).toBe(true);
    await placeOrder(app, store.customer.headers, [{ product, quantity: 1 }]);

    const ready = await app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'degraded', database: 'up', redis: 'down' });

    await redis!.start();
    await until(() => client.status === 'ready');
    expect((await app.inject('/api/ready')).json()).toEqual({ status: 'ready', database: 'up', redis: 'up' });
    // The Redis that came back is empty; the next attempt is counted there again.
    expect((await login('wrong-once-more')).statusCode).toBe(401);
    expect(await client.keys('outage:*')).not.toEqual([]);
    expect((await app.inject('/api/products?search=peacock')).statusCode).toBe(200);
    await placeOrder(app, store.customer.headers, [{ product, quantity: 1 }]);
  });

  it('logs the outage once while it lasts, however often the reconnects fail, and its end', async () => {
    const lines: string[] = [];
    const own = await startOwnRedis();
    const connection = await openRedis(own.url, { warn: (_details, message) => lines.push(message) });
    try {
      await until(() => connection.client.status === 'ready');
      await own.stop();
      // Several reconnects fail meanwhile (they are tried every 200 ms at first).
      let refused = 0;
      connection.client.on('error', () => {
        refused += 1;
      });
      await until(() => refused >= 3);
      expect(lines).toEqual(['Redis cannot be reached; rate limits count in the database meanwhile']);
      await own.start();
      await until(() => connection.client.status === 'ready');
      expect(lines.at(-1)).toBe('Redis answers again');
      expect(lines).toHaveLength(2);
    } finally {
      await connection.close();
      await own.remove();
    }
  });
});
