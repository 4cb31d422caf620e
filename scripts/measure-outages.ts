// `npx tsx scripts/measure-outages.ts`: times a login, a search and a checkout before, during and
// after each outage of decision 0053, on a store listening on a real port with production password
// hashing, and prints a Markdown table for docs/operations.md ("Outages"). It starts its own Redis
// and PostgreSQL (src/server/testing/outage-servers.ts) and stops them for real:
//   1. Redis killed (SIGKILL): the counters fall back to the database;
//   2. PostgreSQL killed (immediate shutdown): connections are refused;
//   3. PostgreSQL unreachable: a proxy in front of it drops its connections and swallows new ones
//      (a lost network), so only the connection timeout ends the wait.
// The outage tests (redis-outage, database-outage, payment-outage) assert the behaviour; this
// script records the times, which a test must not assert.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createTestProduct, orderBody, seedPincodes } from '../src/server/testing/order-fixtures';
import { startHangingProxy, startOwnPostgres, startOwnRedis } from '../src/server/testing/outage-servers';

const ROUNDS = 5;

const postgres = await startOwnPostgres();
const redis = await startOwnRedis();
const pgPort = Number(new URL(postgres.url).port);
const proxy = await startHangingProxy({ host: '127.0.0.1', port: pgPort });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'measure-outages-'));
const database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${proxy.port}/postgres` });
let app: FastifyInstance | undefined;
const rows: string[] = [];

try {
  await database.migrate();
  await seedPincodes(database);
  const product = await createTestProduct(database, { name: 'Brass Lantern Pair', stock: 1000 });
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    BACKGROUND_JOBS: 'false',
    SEED_ON_START: 'false',
    REDIS_URL: redis.url,
    MAX_UNPAID_ORDERS: '100',
    SANDBOX_KEY_SECRET: 'measure-outages-key-secret',
    SANDBOX_WEBHOOK_SECRET: 'measure-outages-webhook-secret',
    PUBLIC_URL: 'http://localhost',
  });
  // Production's password hashing: a login costs what it costs a shopper.
  app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const email = 'measure-outages@example.com';
  const password = 'festive-secret-2026';
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password,
      username: 'measureoutages',
      fullName: 'Measure Outages',
      adult: true,
    }),
  });
  if (!registered.ok) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const { token } = (await registered.json()) as { token: string };

  let searchCount = 0;
  const requests = {
    'wrong-password login': () =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'not-the-password' }),
      }),
    // A page never asked before each time, so no cached answer stands in for the database.
    search: () => {
      searchCount += 1;
      return fetch(`${base}/api/products?search=lantern&page=${searchCount}`);
    },
    checkout: () =>
      fetch(`${base}/api/payments/create-order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(orderBody([{ product, quantity: 1 }])),
      }),
  };

  /**
   * Each request ROUNDS times, one after another: statuses seen, median and slowest time. The
   * counters start empty each phase (Redis's and the database's), so the login limit never trips.
   */
  const redisClient = app.redis?.client;
  async function measure(phase: string) {
    await redisClient?.flushdb().catch(() => {});
    await database.db.execute(sql`delete from rate_limits`).catch(() => {});
    for (const [name, send] of Object.entries(requests)) {
      const statuses = new Set<string>();
      const times: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const started = performance.now();
        const response = await send();
        await response.arrayBuffer();
        times.push(performance.now() - started);
        statuses.add(
          `${response.status}${response.headers.get('retry-after') ? ` (Retry-After ${response.headers.get('retry-after')})` : ''}`,
        );
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)]!;
      const slowest = times.at(-1)!;
      rows.push(
        `| ${phase} | ${name} | ${[...statuses].join(', ')} | ${median.toFixed(0)} | ${slowest.toFixed(0)} |`,
      );
      process.stderr.write(`${rows.at(-1)}\n`);
    }
  }

  await measure('normal');
  await redis.stop();
  await measure('Redis killed, at once');
  await sleep(3000);
  await measure('Redis down 3 s');
  await redis.start();
  await sleep(2500);
  await measure('Redis back');

  await postgres.stop();
  await measure('PostgreSQL killed');
  await postgres.start();
  await sleep(500);
  await measure('PostgreSQL back');

  proxy.hang();
  await measure('PostgreSQL unreachable (lost network)');
  proxy.heal();
  await sleep(500);
  await measure('network back');

  const load = `Load average ${os.loadavg()[0]?.toFixed(1)} at the end (${os.availableParallelism()} cores).`;
  const header = ['| phase | request | status | median ms | slowest ms |', '|---|---|---|---|---|'];
  process.stdout.write([load, '', ...header, ...rows, ''].join('\n'));
} finally {
  await app?.close();
  await database.close();
  await proxy.close();
  await redis.remove();
  await postgres.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
