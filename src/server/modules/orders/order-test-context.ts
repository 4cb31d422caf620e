import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../db/client';
import { createTestApp, type createTestClock } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';
import { registerTestAdmin } from '../admin/admin-testing';
import { registerTestUser } from '../auth/test-accounts';
import { seedPincodes } from './order-fixtures';

// Kept apart from order-fixtures.ts, which the load-test scripts import outside Vitest.

export type OrderTestContext = {
  database: Database;
  app: FastifyInstance;
  shopper: Awaited<ReturnType<typeof registerTestUser>>;
  admin: Awaited<ReturnType<typeof registerTestAdmin>>;
};

/**
 * One database (with the two pincodes), app, shopper and owner for a test file, closed after it.
 * Its fields are set in beforeAll, so tests read them when they run.
 */
export function orderTestContext(clock: ReturnType<typeof createTestClock>): OrderTestContext {
  const context = {} as OrderTestContext;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    await seedPincodes(context.database);
    context.app = await createTestApp(context.database, { clock, env: { BACKGROUND_JOBS: 'false' } });
    context.shopper = await registerTestUser(context.app);
    context.admin = await registerTestAdmin(context.app, context.database);
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
  });
  return context;
}
