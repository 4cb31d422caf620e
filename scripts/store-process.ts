// Starts and stops store processes for the scale-out proof and the load test. Each instance is the
// compiled server as production runs it (`node dist/server/main.js`), so its pid is the server
// itself and SIGKILL reaches it directly.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Database } from '../src/server/db/client';
import { buildIfStale } from './build-if-stale';

export const root = path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type StoreInstance = { name: string; child: ChildProcess; baseUrl: string; port: number };

// Once per run: instances started together must not build into dist/ at the same time.
let built: Promise<void> | undefined;

/** Starts the compiled server on a free port and waits until /api/ready answers 200. */
export async function startInstance(name: string, env: Record<string, string>): Promise<StoreInstance> {
  built ??= buildIfStale();
  await built;
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} while starting`);
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) return { name, child, baseUrl, port };
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error(`${name} did not become ready within 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** SIGTERM (graceful: drains requests and jobs) or SIGKILL; resolves when the process has exited. */
export async function stopInstance(instance: StoreInstance, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill(signal);
  await exited;
}

/**
 * Undoes what a run set up: stops its instances, closes and drops its scratch database, removes
 * its Redis keys and its data folders.
 */
export async function releaseScratch(scratch: {
  instances: StoreInstance[];
  database: Database;
  server: { drop(): Promise<void> };
  redis: { url: string; prefix: string };
  dataDirs: string[];
}) {
  await Promise.all(scratch.instances.map((instance) => stopInstance(instance)));
  await scratch.database.close();
  await scratch.server.drop();
  const redis = new Redis(scratch.redis.url);
  const keys = await redis.keys(`${scratch.redis.prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  for (const dir of scratch.dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}
