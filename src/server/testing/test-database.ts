import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';

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
