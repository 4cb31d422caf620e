import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database with a random name on the PostgreSQL server at `serverUrl`, so two runs never meet:
 * empty, or a copy of `template` (a database nobody is connected to); `drop` removes it (closing
 * any connection still open to it).
 */
export async function createServerDatabase(
  serverUrl: string,
  { template }: { template?: string } = {},
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `store_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
