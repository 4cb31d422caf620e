import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import {
  type Database,
  deallocateAll,
  driverClientOf,
  migrationsFolder,
  openDatabase,
  rowsOf,
} from '../db/client';
import { createServerDatabase } from './server-database';

/**
 * The migrated database a test run makes once (global-setup.ts) and every test file starts from:
 * creating and migrating a database for each file cost about 1.5 s of CPU per file on PGlite.
 */
export type DatabaseTemplate = { kind: 'pglite'; snapshotFile: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/**
 * In-memory PGlite dumped to a file after migrating, or, when TEST_DATABASE_URL is set, a migrated
 * PostgreSQL database with no connection left open (CREATE DATABASE ... TEMPLATE needs that),
 * dropped after the run.
 */
export async function createDatabaseTemplate(): Promise<{
  template: DatabaseTemplate;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const server = await createServerDatabase(serverUrl);
    const database = await openDatabase({ url: server.url });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    return { template: { kind: 'postgres', name: server.name }, drop: server.drop };
  }

  // The dump depends only on the migrations and PGlite's version, so it is kept between runs: a
  // run of one file then starts in a second instead of first migrating a database of its own.
  const snapshotFile = path.join(SNAPSHOT_FOLDER, `pglite-${templateKey()}.tar`);
  if (!fs.existsSync(snapshotFile)) {
    const database = await openDatabase({});
    try {
      await database.migrate();
      // Uncompressed: loading a gzipped dump took about twice as long.
      // Without DATABASE_URL the database is PGlite, whose dump is PGlite's own.
      const client = driverClientOf(database.db);
      if (!(client instanceof PGlite))
        throw new Error('The test template without TEST_DATABASE_URL is PGlite');
      const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
      fs.mkdirSync(SNAPSHOT_FOLDER, { recursive: true });
      // Renamed into place, so a run starting meanwhile never reads half a file.
      const partial = `${snapshotFile}.${process.pid}`;
      fs.writeFileSync(partial, dump);
      fs.renameSync(partial, snapshotFile);
    } finally {
      await database.close();
    }
    removeOldSnapshots(snapshotFile);
  }
  return { template: { kind: 'pglite', snapshotFile }, drop: async () => {} };
}

const SNAPSHOT_FOLDER = path.resolve(import.meta.dirname, '../../../node_modules/.cache/test-database');

/** Dumps of older migrations, once no run that started with one can still be reading it. */
function removeOldSnapshots(current: string) {
  const hourAgo = Date.now() - 60 * 60 * 1000;
  for (const name of fs.readdirSync(SNAPSHOT_FOLDER)) {
    const file = path.join(SNAPSHOT_FOLDER, name);
    if (file !== current && fs.statSync(file).mtimeMs < hourAgo) fs.rmSync(file, { force: true });
  }
}

/** A hash of every migration file and of PGlite's version. */
function templateKey(): string {
  const hash = createHash('sha256');
  const pglite = path.resolve(import.meta.dirname, '../../../node_modules/@electric-sql/pglite/package.json');
  hash.update(JSON.parse(fs.readFileSync(pglite, 'utf8')).version);
  const files = fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * No limit on the wait for a PostgreSQL connection in tests. Decision 0053's 800 ms stands for a
 * server that cannot be reached, and database-outage.test.ts holds the store to it; here the
 * server is on this machine and a connection's time is only the machine's load. An admin order's
 * page reads 17 things at once, so a status change made the pool open 15 connections together,
 * again after each 10 s idle (pg's default), and at load 20-40 one of them now and then took over
 * 800 ms: a 503 in the middle of a test ("Connection terminated due to connection timeout": the
 * thank-you test of group gifts, the 50 buyers of orders). A test's own limit still stops a hang.
 */
const TEST_CONNECT_TIMEOUT_MS = 0;

/**
 * A migrated database of the test file's own, as the run's template left it: in-memory PGlite, or
 * a PostgreSQL database of a random name dropped on close. Without a template (a file run outside
 * this config) it is made and migrated from scratch.
 */
export async function createTestDatabase(): Promise<Database> {
  const template = inject('databaseTemplate');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    if (template?.kind === 'pglite') {
      const snapshot = () => openDatabase({ snapshot: pgliteTemplateSnapshot() });
      // A second database while the first is still open (two in one file) is an instance of its own.
      if (workerPgliteInUse) return snapshot();
      workerPgliteInUse = true;
      workerPglite ??= snapshot();
      const database = await workerPglite;
      await emptyToTemplate(database);
      return {
        ...database,
        close: async () => {
          workerPgliteInUse = false;
        },
      };
    }
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }

  const server = await createServerDatabase(
    serverUrl,
    template?.kind === 'postgres' ? { template: template.name } : {},
  );
  const database = await openDatabase({
    url: server.url,
    poolSize: 20,
    connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS,
  });
  if (template?.kind !== 'postgres') await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await server.drop();
    },
  };
}

/**
 * The run's migrated embedded database as a dump PGlite loads (`openDatabase({ snapshot })`): about
 * 1 s of CPU, where a new database and its migrations took 3.6 s. None when the run's template is
 * on PostgreSQL (TEST_DATABASE_URL) or the file runs outside this config.
 */
export function pgliteTemplateSnapshot(): Blob | undefined {
  const template = inject('databaseTemplate');
  return template?.kind === 'pglite' ? new Blob([fs.readFileSync(template.snapshotFile)]) : undefined;
}

/**
 * The PGlite instance of this Vitest worker, loaded from the template by its first file. Loading
 * the dump costs about 0.4 s of CPU per file; emptying the instance again about a tenth of that.
 * A worker runs its files one after another (the server project shares modules between them), and
 * each file closes its apps before the next begins.
 */
let workerPglite: Promise<Database> | undefined;
let workerPgliteInUse = false;

/**
 * Back to the migrated template: no rows (the migrations insert none), every sequence at its
 * start, order numbers included, and no statement prepared by the file before.
 */
async function emptyToTemplate(database: Database) {
  await deallocateAll(database.db);
  await database.db.execute(sql`
    DO $$
    DECLARE
      tables text;
      sequence record;
    BEGIN
      SELECT string_agg(format('%I.%I', schemaname, tablename), ', ') INTO tables
        FROM pg_tables WHERE schemaname = 'public';
      IF tables IS NOT NULL THEN
        EXECUTE 'TRUNCATE ' || tables || ' RESTART IDENTITY CASCADE';
      END IF;
      FOR sequence IN
        SELECT sequence_schema, sequence_name FROM information_schema.sequences WHERE sequence_schema = 'public'
      LOOP
        EXECUTE format('ALTER SEQUENCE %I.%I RESTART', sequence.sequence_schema, sequence.sequence_name);
      END LOOP;
    END $$`);
}

/** Whether the tests run on PostgreSQL (TEST_DATABASE_URL) rather than on PGlite. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Said in the name of every test that works one database through two store instances (a second
 * `createTestApp`, mostly on `openSecondConnection`): on PostgreSQL their statements run on
 * connections of their own and race, as two processes' do; on PGlite both share its single
 * connection and run one after another, so the test proves what each instance sees but nothing
 * about a race.
 */
export const TWO_INSTANCES_ON = onPostgres
  ? 'two instances on PostgreSQL'
  : "PGlite's single connection, which proves no race";

/**
 * The same test database as a second store instance would see it: on PostgreSQL through a
 * connection pool of its own, as a second process would have (`poolSize: 1` for a test that must
 * see its own session); on PGlite the same embedded instance (it has one connection). Closing it
 * leaves `database` open.
 */
export async function openSecondConnection(
  database: Database,
  { poolSize = 10 }: { poolSize?: number } = {},
): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { ...database, close: async () => {} };
  const [current] = rowsOf<{ name: string }>(
    await database.db.execute(sql`select current_database() as name`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${current!.name}`;
  return openDatabase({ url: url.toString(), poolSize, connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS });
}
