import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../db/client';
import { categories } from '../db/schema';
import { createTestDatabase } from './test-database';

// The server files of a Vitest worker share one PGlite instance, emptied for each (test-database.ts):
// what one file writes must never reach the next, nor a second database of the same file.

const nextOrderNumber = async (database: Database) =>
  rowsOf<{ n: string }>(await database.db.execute(sql`select nextval('order_number_seq')::text as n`))[0]?.n;

describe('test databases', () => {
  it('open at the same time have rows of their own', async () => {
    const one = await createTestDatabase();
    const two = await createTestDatabase();
    try {
      await one.db.insert(categories).values({ name: 'Diwali Gifts', slug: 'diwali-gifts' });
      expect(await one.db.$count(categories)).toBe(1);
      expect(await two.db.$count(categories)).toBe(0);
    } finally {
      await two.close();
      await one.close();
    }
  });

  it('start as the migrated template: no rows, and sequences (order numbers too) at their start', async () => {
    // What a file leaves behind when it closes its database...
    const earlier = await createTestDatabase();
    await earlier.db.insert(categories).values({ name: 'Rakhi', slug: 'rakhi' });
    expect(await nextOrderNumber(earlier)).toBe('10001');
    await earlier.close();

    // ...is gone for the next one.
    const next = await createTestDatabase();
    try {
      expect(await next.db.$count(categories)).toBe(0);
      expect(await nextOrderNumber(next)).toBe('10001');
      const [inserted] = await next.db
        .insert(categories)
        .values({ name: 'Holi', slug: 'holi' })
        .returning({ id: categories.id });
      expect(inserted?.id).toBe(1);
    } finally {
      await next.close();
    }
  });
});
