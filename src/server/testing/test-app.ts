import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type Clock } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';

/** A store app on the given database with a data folder of its own and quiet logs. */
export async function createTestApp(
  database: Database,
  options: { env?: Record<string, string>; clock?: Clock; webDistDir?: string } = {},
): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...options.env }),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  };
  const app = await buildApp({ config, database, ...(options.clock ? { clock: options.clock } : {}) });
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
