import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Clock } from '../clock';
import { loadConfig } from '../config';
import type { Database } from '../db/client';

/**
 * A store app on the given database with a data folder of its own and quiet logs. When
 * TEST_REDIS_URL is set (CI's PostgreSQL pass), its shared counters live in that Redis under a
 * random key prefix, removed when the app closes.
 */
export async function createTestApp(
  database: Database,
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    webDistDir?: string;
    /** With webDistDir: the server renderer to use (else none, whatever dist/ holds). */
    webRendererPath?: string;
  } = {},
): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
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
      ...redisEnv,
      ...options.env,
    }),
    ...(options.webDistDir
      ? { webDistDir: options.webDistDir, webRendererPath: options.webRendererPath ?? null }
      : {}),
  };
  const app = await buildApp({ config, database, ...(options.clock ? { clock: options.clock } : {}) });
  app.addHook('preClose', async () => {
    if (!redisEnv.REDIS_URL || config.REDIS_URL !== redisEnv.REDIS_URL) return;
    const keys = (await app.redis?.client.keys(`${config.REDIS_KEY_PREFIX}*`)) ?? [];
    if (keys.length > 0) await app.redis?.client.del(...keys);
  });
  app.addHook('onClose', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return app;
}

/** A clock tests can set and move. */
export function createTestClock(start: Date | string): Clock & { set(next: Date | string): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (next) => {
      current = new Date(next);
    },
  };
}
