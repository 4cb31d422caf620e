import { defineConfig } from 'vitest/config';

// `npm run test:deploy`: the production set-up installed on this machine (root, apt, ports 80 and
// 443), a CI step of its own rather than part of `npm test` (.ci/run).
export default defineConfig({
  test: {
    include: ['tests/deploy/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./tests/setup/fail-on-console-error.ts'],
    testTimeout: 120_000,
    hookTimeout: 900_000,
  },
});
