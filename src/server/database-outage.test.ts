import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from './db/client';
import { isDatabaseUnreachable } from './db/connection-errors';
import { DATABASE_UNAVAILABLE_MESSAGE } from './http/error-handler';
import { createTestProduct, postOrder, seedPincodes, type TestProduct } from './testing/order-fixtures';
import { type OwnServer, startHangingServer, startOwnPostgres } from './testing/outage-servers';
import { registerTestUser, type TestAccount } from './testing/test-accounts';
import { createTestApp } from './testing/test-app';

// Decision 0053: a PostgreSQL of the test's own, stopped for real (SIGQUIT, PostgreSQL's immediate
// shutdown), so no other test's database is touched. scripts/measure-outages.ts times the answers.
let postgres: OwnServer;
let database: Database;
let app: FastifyInstance;
let shopper: TestAccount;
let product: TestProduct;
const logged: string[] = [];

beforeAll(async () => {
  postgres = await startOwnPostgres();
  database = await openDatabase({ url: postgres.url, poolSize: 4 });
  await database.migrate();
  await seedPincodes(database);
  app = await createTestApp(database, { env: { BACKGROUND_JOBS: 'false' } });
  // After the app, which points the database's log at its own (silent in tests).
  database.logTo({ warn: (_details, message) => logged.push(message) });
  shopper = await registerTestUser(app);
  product = await createTestProduct(database, { name: 'Brass Lantern Pair', stock: 10 });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await postgres?.remove();
});

const login = () =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: shopper.user.email, password: shopper.password },
  });
const search = (term: string) => app.inject(`/api/products?search=${term}`);
const checkout = () => postOrder(app, shopper.headers, [{ product, quantity: 1 }]);

describe('a PostgreSQL outage', () => {
  it('gives every request connection a statement timeout', async () => {
    const [setting] = rowsOf<{ statement_timeout: string }>(
      await database.db.execute(sql`show statement_timeout`),
    );
    expect(setting?.statement_timeout).toBe('30s');
  });

  it('answers 503 with Retry-After and words a shopper can read while PostgreSQL is stopped, and serves again once it is back', async () => {
    expect((await login()).statusCode).toBe(200);
    expect((await search('lantern')).statusCode).toBe(200);
    expect((await checkout()).statusCode).toBe(200);

    await postgres.stop();

    // A search never asked before, so no cached answer can stand in for the database.
    for (const response of [await login(), await search('diya'), await checkout()]) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('10');
      expect(response.json().message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    }
    const health = await app.inject('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'degraded', database: 'down' });
    expect((await app.inject('/api/ready')).statusCode).toBe(503);
    // One line for the whole outage, not one per failed request or dropped connection.
    expect(logged).toEqual(['The database cannot be reached; requests are answered 503 until it is back']);

    await postgres.start();

    expect((await login()).statusCode).toBe(200);
    expect((await search('diya')).statusCode).toBe(200);
    expect((await checkout()).statusCode).toBe(200);
    expect((await app.inject('/api/health')).json()).toEqual({ status: 'ok', database: 'up' });
    expect(logged.at(-1)).toBe('The database answers again');
  });

  it('gives up on a database that accepts connections but never answers (the connection timeout)', async () => {
    const hanging = await startHangingServer();
    const stranded = await openDatabase({ url: `postgres://postgres@127.0.0.1:${hanging.port}/store` });
    stranded.logTo({ warn: () => {} });
    try {
      const failure = await stranded.db.execute(sql`select 1`).then(
        () => null,
        (error: unknown) => error,
      );
      expect(isDatabaseUnreachable(failure)).toBe(true);
      expect(await stranded.ping()).toBe(false);
    } finally {
      await stranded.close();
      await hanging.close();
    }
  });
});
