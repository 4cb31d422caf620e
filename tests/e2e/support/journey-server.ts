import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

// The store the journeys drive, as `npm start` runs it on the production build (NODE_ENV
// production), on an embedded database in a data folder of its own.

const root = path.resolve(import.meta.dirname, '../../..');

export const adminEmail = process.env.E2E_ADMIN_EMAIL ?? 'admin@example.com';
export const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? 'festive-admin-secret';

/** Settings that make the sandboxes quick enough to watch in a journey. */
const JOURNEY_SETTINGS = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  // The sandbox courier moves a 3-day parcel in about a second (courier.spec.ts).
  SANDBOX_COURIER_SPEED: '250000',
  SANDBOX_COURIER_TICK_SECONDS: '0.5',
  // Order news leaves within half a second (order-messages.spec.ts).
  NOTIFY_EVERY_SECONDS: '0.5',
  // Decision 0052: a measurement id, so the analytics banner shows (analytics-consent.spec.ts and
  // the layout walk); gtag.js itself is never fetched from Google in a journey.
  GA_MEASUREMENT_ID: 'G-JOURNEY2026',
  // Shoppers made through the API come each from an address of its own (store-api.ts), as real
  // shoppers do, so a worker's many journeys do not add up to one address's sign-up allowance.
  TRUST_PROXY: 'true',
  // The demo pictures the unit tests' stores drew already (seed/artwork.ts).
  SEED_ARTWORK_CACHE_DIR: path.join(root, 'node_modules/.cache/seed-artwork'),
};

export type JourneyStore = { url: string; dataDir: string; stop(): Promise<void> };

/**
 * Makes the owner with admin:create (the embedded database is single-process, so before the store
 * opens the folder), then starts the store once to migrate and seed it, and stops it: a folder that
 * each worker's store starts from in a couple of seconds.
 */
export async function prepareStoreFolder(dataDir: string): Promise<void> {
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/admin-create.ts',
      '--email',
      adminEmail,
      '--password',
      adminPassword,
      '--name',
      'Store Owner',
    ],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const store = await startJourneyStore(dataDir);
  await store.stop();
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the store on `dataDir` and resolves once /api/health answers. */
export async function startJourneyStore(dataDir: string): Promise<JourneyStore> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/journey-store.ts'], {
    cwd: root,
    env: { ...process.env, ...JOURNEY_SETTINGS, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
    // The store's warnings and errors belong in the run's output, as the web server's did.
    if (!/^(Seeding|Seeded|Test mode|Warning: PUBLIC_URL|.* is open at)/m.test(String(chunk))) {
      process.stderr.write(`[store ${port}] ${chunk}`);
    }
  });
  const deadline = Date.now() + 120_000;
  while (!(await healthy(url))) {
    // A crash ends it by a signal (V8's abort), which leaves exitCode null.
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The journey store exited (${child.exitCode ?? child.signalCode}):\n${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The journey store did not answer within 120 s:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, dataDir, stop: () => stop(child) };
}

async function healthy(url: string): Promise<boolean> {
  return fetch(`${url}/api/health`).then(
    (response) => response.ok,
    () => false,
  );
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A worker's own copy of the prepared folder. */
export function copyStoreFolder(template: string, into: string): void {
  fs.cpSync(template, into, { recursive: true });
}
