import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    setupFiles: ['./tests/setup/fail-on-console-error.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'shared', environment: 'node', include: ['src/shared/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          // One migrated database per run, which each file's database is copied from.
          globalSetup: ['./src/server/testing/global-setup.ts'],
          // A new PGlite database takes seconds to create (STACK.md): one per file, generous limits.
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          // Scripts from other sites (gtag.js) are never fetched in tests; count them as loaded.
          environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
        },
      },
    ],
  },
});
