import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { assertChromiumInstalled, chromePath, chromiumFlags } from './scripts/chromium';

// Journeys run in the system Chromium (no browser downloads here) against the production build,
// served by the real server on an embedded database of this run's own.
assertChromiumInstalled();

// The config is evaluated in every worker too; the first evaluation picks the port and data folder
// and hands them on through the environment.
process.env.E2E_PORT ??= String(3100 + (process.pid % 800));
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
const port = Number(process.env.E2E_PORT);
// The back-office journey's admin, made by admin:create on the fresh data folder before the server
// opens it (the embedded database is single-process, so it cannot be done while the store runs).
process.env.E2E_ADMIN_EMAIL ??= 'admin@example.com';
process.env.E2E_ADMIN_PASSWORD ??= 'festive-admin-secret';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: chromePath,
      args: chromiumFlags,
    },
  },
  projects: [
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], browserName: 'chromium', defaultBrowserType: 'chromium' },
    },
  ],
  webServer: {
    // node --import tsx rather than npx tsx: npx and tsx's own child process cost about a second.
    command: `node --import tsx scripts/admin-create.ts --email ${process.env.E2E_ADMIN_EMAIL} --password ${process.env.E2E_ADMIN_PASSWORD} --name "Store Owner" && node --import tsx tests/e2e/support/journey-store.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Issue 24: the sandbox courier moves a 3-day parcel in about a second (courier.spec.ts).
      SANDBOX_COURIER_SPEED: '250000',
      SANDBOX_COURIER_TICK_SECONDS: '0.5',
      // Issue 23: order news leaves within half a second (order-messages.spec.ts).
      NOTIFY_EVERY_SECONDS: '0.5',
    },
  },
});
