import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../testing/test-store';
import { migrationsFolder, rowsOf } from './client';
import { categories } from './schema';

// Decision 0059: the migration that makes the MRP required and flags GST rates GST 2.0 retired, run
// again on rows as an existing store has them.
const testDatabase = setUpTestDatabase();
const statements = fs
  .readFileSync(path.join(migrationsFolder, '0033_law-catalogue.sql'), 'utf8')
  .split('--> statement-breakpoint');
const statementWith = (text: string) => statements.filter((statement) => statement.includes(text));

describe('the law-catalogue migration', () => {
  it('refuses to leave a product without an MRP and names each one that needs it', async () => {
    const { db } = testDatabase.database;
    await db.execute(sql`ALTER TABLE products ALTER COLUMN mrp_paise DROP NOT NULL`);
    const [category] = await db
      .insert(categories)
      .values({ name: 'Old Gifts', slug: 'old-gifts' })
      .returning();
    const [row] = rowsOf<{ id: number }>(
      await db.execute(sql`
        INSERT INTO products (name, slug, category_id, price_paise, mrp_paise, sku)
        VALUES ('Brass Diya Set', 'brass-diya-set', ${category!.id}, 34900, NULL, 'DIYA-4'),
               ('Kumkum Box', 'kumkum-box', ${category!.id}, 14900, 19900, NULL)
        RETURNING id`),
    );
    const [check] = statementWith('RAISE EXCEPTION');
    const refusal = await db.execute(sql.raw(check!)).then(
      () => null,
      (error: Error) => (error.cause instanceof Error ? error.cause : error).message,
    );
    expect(refusal).toBe(
      `1 products have no MRP; each needs one before this upgrade: #${row!.id} Brass Diya Set (SKU DIYA-4)`,
    );

    await db.execute(sql`UPDATE products SET mrp_paise = 39900 WHERE id = ${row!.id}`);
    await db.execute(sql.raw(check!));
    for (const statement of statementWith('SET NOT NULL')) await db.execute(sql.raw(statement));
    await expect(
      db.execute(sql`UPDATE products SET mrp_paise = NULL WHERE id = ${row!.id}`),
    ).rejects.toThrow();
  });

  it('flags a category still at 28% (and one at 12%) for the owner, leaving its rate as it was', async () => {
    const { db } = testDatabase.database;
    const made = await db
      .insert(categories)
      .values([
        { name: 'Brass Lamps', slug: 'brass-lamps', hsnCode: '9405', gstRateBp: 2800 },
        { name: 'Toys', slug: 'toys', hsnCode: '9503', gstRateBp: 1200 },
        { name: 'Hampers', slug: 'hampers', hsnCode: '2106', gstRateBp: 500 },
      ])
      .returning({ id: categories.id, slug: categories.slug });
    for (const statement of statementWith('gst_rate_to_confirm" = true'))
      await db.execute(sql.raw(statement));
    const rows = await db
      .select({ slug: categories.slug, rateBp: categories.gstRateBp, flagged: categories.gstRateToConfirm })
      .from(categories)
      .where(sql`${categories.id} IN ${made.map((category) => category.id)}`);
    expect(Object.fromEntries(rows.map((row) => [row.slug, [row.rateBp, row.flagged]]))).toEqual({
      'brass-lamps': [2800, true],
      toys: [1200, true],
      hampers: [500, false],
    });
    await db.update(categories).set({ gstRateToConfirm: false }).where(eq(categories.slug, 'toys'));
  });
});
