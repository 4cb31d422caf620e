import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, rowsOf } from '../db/client';

/**
 * A migrated database of the test file's own: in-memory PGlite by default, or, when
 * TEST_DATABASE_URL is set, a freshly created PostgreSQL database with a random name that is
 * dropped on close, so two runs never meet.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }

  const name = `store_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * The same test database as a second store instance would see it: on PostgreSQL through a
 * connection pool of its own, as a second process would have; on PGlite the same embedded
 * instance (it has one connection). Closing it leaves `database` open.
 */
export async function openSecondConnection(database: Database): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { ...database, close: async () => {} };
  const [current] = rowsOf<{ name: string }>(
    await database.db.execute(sql`select current_database() as name`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${current!.name}`;
  return openDatabase({ url: url.toString(), poolSize: 10 });
}
