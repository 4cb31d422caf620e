import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Clock } from '../clock';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import type { PasswordCost } from '../modules/auth';

/**
 * The scrypt cost of every password hashed in tests: microseconds instead of production's 0.3 s
 * (password.test.ts checks production's). Stored hashes carry their cost, so logins verify alike.
 */
export const TEST_PASSWORD_COST: PasswordCost = { N: 2 ** 4, r: 8, p: 1 };

/**
 * A store app on the given database with a data folder of its own, quiet logs and cheap password
 * hashing. When TEST_REDIS_URL is set (CI's PostgreSQL pass), its shared counters live in that
 * Redis under a random key prefix, removed when the app closes.
 */
export async function createTestApp(
  database: Database,
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    webDistDir?: string;
    /** With webDistDir: the server renderer to use (else none, whatever dist/ holds). */
    webRendererPath?: string;
    /** Production's scrypt cost for tests of hashing itself; cheap otherwise. */
    passwordCost?: PasswordCost;
    /** A data folder the test owns (kept when the app closes); else one of the app's own. */
    dataDir?: string;
  } = {},
): Promise<FastifyInstance> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
  const redisEnv: Record<string, string> = process.env.TEST_REDIS_URL
    ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_KEY_PREFIX: `test:${randomBytes(6).toString('hex')}:` }
    : {};
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      // Test files place many orders for one shopper and leave them unpaid; the fair-stock limit
      // has tests of its own (orders/fair-stock.test.ts) at the production default.
      MAX_UNPAID_ORDERS: '100',
      // Likewise the day's allowance of orders and cancels (orders/order-allowance.test.ts).
      ORDERS_PER_DAY: '100000',
      CANCELS_PER_DAY: '100000',
      ...redisEnv,
      ...options.env,
    }),
    ...(options.webDistDir
      ? { webDistDir: options.webDistDir, webRendererPath: options.webRendererPath ?? null }
      : {}),
  };
  const app = await buildApp({
    config,
    database,
    passwordCost: options.passwordCost ?? TEST_PASSWORD_COST,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  app.addHook('preClose', async () => {
    if (!redisEnv.REDIS_URL || config.REDIS_URL !== redisEnv.REDIS_URL) return;
    const keys = (await app.redis?.client.keys(`${config.REDIS_KEY_PREFIX}*`)) ?? [];
    if (keys.length > 0) await app.redis?.client.del(...keys);
  });
  if (!options.dataDir)
    app.addHook('onClose', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return app;
}

export type TestClock = Clock & { set(next: Date | string): void };

/** A clock tests can set and move. */
export function createTestClock(start: Date | string): TestClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (next) => {
      current = new Date(next);
    },
  };
}
