import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { assertChromiumInstalled, journeyChromePath, journeyChromiumFlags } from './scripts/chromium';

// Journeys run in the system Chromium's headless shell (scripts/chromium.ts; no browser downloads
// here) against the production build, served by the real server on an embedded database:
// global-setup.ts seeds one store folder, and each worker starts a store of its own on a copy of it
// (support/fixtures.ts).
assertChromiumInstalled(journeyChromePath);

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  // A file's journeys run in order on one worker; files are spread over the workers. A journey
  // mostly waits (for the store, the network going quiet, the sandboxes' clocks): on a quiet
  // two-core CI machine three workers kept 0.9 of a core busy, so there are two workers a core,
  // each with a store of its own (decision 0004).
  fullyParallel: false,
  workers: Math.max(4, os.availableParallelism() * 2),
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    trace: 'off',
    launchOptions: {
      executablePath: journeyChromePath,
      args: journeyChromiumFlags,
    },
  },
  projects: [
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], browserName: 'chromium', defaultBrowserType: 'chromium' },
    },
  ],
});
