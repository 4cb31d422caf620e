import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Server test files that mock a module (vi.mock), which files sharing a worker's modules cannot.
const MOCKS_MODULES = ['src/server/request-bounds.test.ts'];

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default leaves one core to its main process, which waits on the workers: on this
    // two-core machine that ran every file on one core.
    maxWorkers: os.availableParallelism(),
    setupFiles: ['./tests/setup/fail-on-console-error.ts'],
    // The stores the tests start share the demo pictures already drawn (seed/artwork.ts); the seed
    // tests of the drawing itself leave it out.
    env: { SEED_ARTWORK_CACHE_DIR: path.resolve('node_modules/.cache/seed-artwork') },
    projects: [
      {
        extends: true,
        // Pure functions, nothing kept between calls: files share a worker's modules.
        test: { name: 'shared', environment: 'node', include: ['src/shared/**/*.test.ts'], isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...MOCKS_MODULES],
          // One migrated database per run, which each file's database is copied from.
          globalSetup: ['./src/server/testing/global-setup.ts'],
          // Files share a worker's modules instead of importing the whole server again each (half of
          // the suite's CPU): every file has its own database and app, and no server module keeps
          // state between apps. The web project keeps isolation: its stores are module singletons.
          isolate: false,
          // Generous limits: PGlite slows down a lot on a busy machine (DESIGN 3).
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // A file that replaces a module with vi.mock needs modules of its own.
          name: 'server-isolated',
          environment: 'node',
          include: [...MOCKS_MODULES],
          globalSetup: ['./src/server/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'happy-dom',
          // Each file still gets a window and modules of its own (the stores are module singletons),
          // in a VM context of a reused process instead of a new process: 45 s → 27 s for the project
          // alone here, 75 → 40 s of CPU. The sandbox's known cost (an Error thrown by a Node module is
          // not an `instanceof Error` of the page's realm) touches none of these files.
          pool: 'vmForks',
          include: ['src/web/**/*.test.{ts,tsx}'],
          // Added to the root's setup files (fail-on-console-error.ts).
          setupFiles: ['./tests/setup/web-waits.ts', './tests/setup/select-defaults.ts'],
          // Scripts from other sites (gtag.js) are never fetched in tests; count them as loaded.
          environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
          // A guard against a hung test, not a speed check: a form test that types a few fields
          // took 3.8 s alone at load average 24, close to Vitest's default of 5 s.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
