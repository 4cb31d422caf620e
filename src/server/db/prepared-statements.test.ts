import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { DrizzleQueryError, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, openSecondConnection } from '../testing/test-database';
import { type Database, rowsOf } from './client';
import {
  deallocateAll,
  driverClientOf,
  executePrepared,
  MAX_PREPARED_STATEMENTS,
  runUnnamed,
} from './prepared-statements';
import { categories } from './schema';

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.

/**
 * A test database of its own, and `session`: one connection of it (a pool of one on PostgreSQL),
 * so pg_prepared_statements read through it shows what its earlier statements left.
 */
async function openWithSession() {
  const database = await createTestDatabase();
  const session = await openSecondConnection(database, { poolSize: 1 });
  return {
    database,
    session,
    close: async () => {
      await session.close();
      await database.close();
    },
  };
}

let database: Database;
let session: Database;
let closeDatabase: () => Promise<void>;
beforeAll(async () => {
  ({ database, session, close: closeDatabase } = await openWithSession());
});
afterAll(() => closeDatabase());

/** A tag no other statement text holds, to find this test's statements among the prepared ones. */
const uniqueTag = () => `t${randomBytes(6).toString('hex')}`;
const tagged = (tag: string) => sql.raw(`/* ${tag} */`);

/** The prepared statements of the session whose text holds `tag`, each with how often it ran. */
async function preparedWith(on: Database, tag: string) {
  return executePrepared<{ statement: string; runs: number; fromSql: boolean }>(
    on.db,
    sql`SELECT statement, (generic_plans + custom_plans)::int AS runs, from_sql AS "fromSql"
      FROM pg_prepared_statements WHERE statement LIKE ${`%${tag}%`}`,
  );
}

async function failureOf(run: Promise<unknown>): Promise<DrizzleQueryError> {
  const error = await run.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof DrizzleQueryError))
    throw new Error(`expected a DrizzleQueryError, got ${String(error)}`);
  return error;
}

describe('executePrepared', () => {
  it('answers the same rows as db.execute for int, boolean, text, timestamp, null and array values', async () => {
    const words = `it's "quoted", a back\\slash \\' and $1, ₹ ünïcødé 🎁`;
    const query = (): SQL => sql`SELECT ${42}::int AS n, ${true}::boolean AS yes, ${false} AS no,
      ${words}::text AS words, ${'2026-11-27T08:30:00.000Z'}::timestamptz AS at,
      ${new Date('2026-01-26T04:30:00.000Z')}::timestamptz AS "fromDate", ${null}::text AS nothing,
      ${'{3,1,2}'}::int[] AS ids, ${sql.param([1, null, 3])}::int[] AS list, ${2.5}::float8 AS half`;

    const rows = await executePrepared(database.db, query());

    expect(rows).toEqual(rowsOf(await database.db.execute(query())));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ n: 42, yes: true, words, nothing: null, ids: [3, 1, 2] });
    // A parameter nothing gives a type is text, as with db.execute.
    expect(rows[0]?.no).toBe('false');
    expect(rows[0]).toMatchObject({ list: [1, null, 3], half: 2.5 });
    // Timestamps come back as the database prints them, as db.execute gives them.
    expect(new Date(String(rows[0]?.at)).toISOString()).toBe('2026-11-27T08:30:00.000Z');
    expect(new Date(String(rows[0]?.fromDate)).toISOString()).toBe('2026-01-26T04:30:00.000Z');
  });

  it('prepares a statement once and runs it again on later calls', async () => {
    const tag = uniqueTag();
    const next = (value: number) => sql`SELECT ${value}::int + 1 AS next ${tagged(tag)}`;

    expect(await executePrepared(session.db, next(1))).toEqual([{ next: 2 }]);
    expect(await executePrepared(session.db, next(41))).toEqual([{ next: 42 }]);

    // One statement for the text, prepared at the protocol level (not by SQL PREPARE), run twice.
    expect(await preparedWith(session, tag)).toEqual([
      { statement: expect.stringContaining('$1::int + 1'), runs: 2, fromSql: false },
    ]);
  });

  it('reads the array of a type made after its first statement as db.execute reads it', async () => {
    const type = sql.identifier(`mood_${uniqueTag()}`);
    await executePrepared(database.db, sql`SELECT 1 AS one`);
    await database.db.execute(sql`CREATE TYPE ${type} AS ENUM ('calm', 'merry')`);
    try {
      // PGlite learns a new type's array when told; node-postgres has no parser for it either way.
      const client = driverClientOf(database.db);
      if (client instanceof PGlite) await client.refreshArrayTypes();
      const query = (): SQL => sql`SELECT ${'{calm,merry}'}::${type}[] AS moods`;

      const rows = await executePrepared(database.db, query());

      expect(rows).toEqual(rowsOf(await database.db.execute(query())));
      expect(rows[0]?.moods).toEqual(client instanceof PGlite ? ['calm', 'merry'] : '{calm,merry}');
    } finally {
      await database.db.execute(sql`DROP TYPE ${type}`);
    }
  });

  it('takes a hostile string as data, never as SQL', async () => {
    const hostile = `'); DROP TABLE products; --`;
    const rows = await executePrepared(
      database.db,
      sql`SELECT ${hostile}::text AS value, count(*)::int AS n FROM products WHERE name = ${hostile}`,
    );
    expect(rows).toEqual([{ value: hostile, n: 0 }]);
    expect(await executePrepared(database.db, sql`SELECT count(*)::int AS n FROM products`)).toEqual([
      { n: 0 },
    ]);
  });

  it('rejects a failing statement as db.execute does, and answers the next call', async () => {
    const tenBy = (divisor: number) => sql`SELECT 10 / ${divisor}::int AS n`;

    const expected = await failureOf(Promise.resolve(database.db.execute(tenBy(0))));
    const error = await failureOf(executePrepared(database.db, tenBy(0)));

    expect(error.message).toBe(expected.message);
    expect(error.cause).toMatchObject({ code: '22012', message: (expected.cause as Error).message });
    expect(await executePrepared(database.db, tenBy(2))).toEqual([{ n: 5 }]);
  });

  it('leaves nothing prepared when the database refuses to prepare a statement', async () => {
    const table = sql.identifier(`later_${uniqueTag()}`);
    const query = sql`SELECT count(*)::int AS n FROM ${table} WHERE id > ${0}`;

    const error = await failureOf(executePrepared(session.db, query));
    expect(error.cause).toMatchObject({ code: '42P01' });

    await session.db.execute(sql`CREATE TABLE ${table} (id int)`);
    try {
      // Had the failed prepare been taken for done, this would execute a statement that does not exist.
      expect(await executePrepared(session.db, query)).toEqual([{ n: 0 }]);
    } finally {
      await session.db.execute(sql`DROP TABLE ${table}`);
    }
  });

  it('waits for a transaction open elsewhere and never runs inside it', async () => {
    const slug = `held-${uniqueTag()}`;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = () => {};
    const insertedBefore = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = database.db
      .transaction(async (tx) => {
        await tx.insert(categories).values({ name: 'Held', slug });
        inserted();
        await gate;
        tx.rollback();
      })
      .catch(() => 'rolled back');
    await insertedBefore;

    let settled = false;
    const counting = executePrepared(
      database.db,
      sql`SELECT count(*)::int AS n FROM categories WHERE slug = ${slug}`,
    ).finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // PGlite has one connection: the statement waits its turn. PostgreSQL runs it on another.
    if (database.kind === 'pglite') expect(settled).toBe(false);
    release();

    expect(await transaction).toBe('rolled back');
    expect(await counting).toEqual([{ n: 0 }]);
  });

  it('runs as db.execute inside a transaction, seeing the transaction’s own rows', async () => {
    const slug = `own-${uniqueTag()}`;
    const seen = await database.db.transaction(async (tx) => {
      await tx.insert(categories).values({ name: 'Own', slug });
      return executePrepared(tx, sql`SELECT count(*)::int AS n FROM categories WHERE slug = ${slug}`);
    });
    expect(seen).toEqual([{ n: 1 }]);
    await database.db.delete(categories).where(sql`slug = ${slug}`);
  });
});

describe('executePrepared past its bound', () => {
  // A database of its own: the bound is per database, and this fills it.
  let boundedSession: Database;
  let closeBounded: () => Promise<void>;
  beforeAll(async () => {
    ({ session: boundedSession, close: closeBounded } = await openWithSession());
  });
  afterAll(() => closeBounded());

  it(`prepares at most ${MAX_PREPARED_STATEMENTS} texts and answers the rest unnamed`, async () => {
    const tag = uniqueTag();
    for (let index = 0; index < MAX_PREPARED_STATEMENTS; index += 1) {
      const text = tagged(`${tag} ${index}`);
      expect(await executePrepared(boundedSession.db, sql`SELECT ${index}::int AS n ${text}`)).toEqual([
        { n: index },
      ]);
    }

    const beyond = tagged(`${tag} beyond`);
    expect(await executePrepared(boundedSession.db, sql`SELECT ${7}::int AS n ${beyond}`)).toEqual([
      { n: 7 },
    ]);

    const prepared = await preparedWith(boundedSession, tag);
    expect(prepared).toHaveLength(MAX_PREPARED_STATEMENTS);
    expect(prepared.some((row) => row.statement.includes(`${tag} beyond`))).toBe(false);
  });

  it('prepares again after deallocateAll, as the test database handed to the next file does', async () => {
    await deallocateAll(boundedSession.db);
    const left = await boundedSession.db.execute(sql`SELECT count(*)::int AS n FROM pg_prepared_statements`);
    expect(rowsOf(left)).toEqual([{ n: 0 }]);

    const tag = uniqueTag();
    expect(await executePrepared(boundedSession.db, sql`SELECT ${1}::int AS n ${tagged(tag)}`)).toEqual([
      { n: 1 },
    ]);
    expect(await preparedWith(boundedSession, tag)).toEqual([
      { statement: expect.stringContaining(tag), runs: 1, fromSql: false },
    ]);
  });
});

describe('executePrepared with names turned off (DATABASE_PREPARED_STATEMENTS=false)', () => {
  it('answers the same rows and leaves nothing prepared', async () => {
    const { session: pooled, close } = await openWithSession();
    try {
      runUnnamed(pooled.db);
      const tag = uniqueTag();
      const next = (value: number) => sql`SELECT ${value}::int + 1 AS next ${tagged(tag)}`;
      expect(await executePrepared(pooled.db, next(1))).toEqual([{ next: 2 }]);
      expect(await executePrepared(pooled.db, next(41))).toEqual([{ next: 42 }]);
      expect(await preparedWith(pooled, tag)).toEqual([]);
    } finally {
      await close();
    }
  });
});
