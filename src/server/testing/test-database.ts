import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, rowsOf } from '../db/client';

/**
 * An empty database with a random name on the PostgreSQL server at `serverUrl`, so two runs never
 * meet; `drop` removes it (closing any connection still open to it).
 */
export async function createServerDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `store_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * A migrated database of the test file's own: in-memory PGlite by default, or, when
 * TEST_DATABASE_URL is set, a fresh PostgreSQL database (createServerDatabase) dropped on close.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }

  const server = await createServerDatabase(serverUrl);
  const database = await openDatabase({ url: server.url, poolSize: 20 });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await server.drop();
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
