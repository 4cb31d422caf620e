import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createOutageLog, type WarnLogger } from '../outage-log';
import { type ChangeCounters, createChangeCounters } from './change-counters';
import { runUnnamed } from './prepared-statements';
import * as schema from './schema';

export { deallocateAll, driverClientOf, executePrepared, runUnnamed } from './prepared-statements';

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
const MIGRATION_LOCK = 'utsav:migrate';

/**
 * One Drizzle type for both engines: the PostgreSQL database both drivers extend. They share the
 * query builder, transactions and `execute`; only their result wrappers differ, which the
 * services never touch directly (they use the builder or `rowsOf`).
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle inside `db.transaction(...)`: the same query builder, bound to one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a query needs: the database, or a transaction already open on it. */
export type Queryable = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * The embedded database's changes, counted in this process (change-counters.ts); null on
   * PostgreSQL, where other instances write and a look at the database tells.
   */
  changesInProcess: ChangeCounters | null;
  /** Applies every committed migration that has not run yet. */
  migrate(): Promise<void>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  /**
   * Runs `task` unless another process is running the task of the same name on this database
   * (a PostgreSQL session advisory lock, released when the task ends or its connection dies);
   * answers whether it ran. The embedded database belongs to one process, so there it always runs.
   */
  runExclusively(name: string, task: () => Promise<unknown>): Promise<boolean>;
  /** Connections of the PostgreSQL pool (for /metrics); null for the embedded database. */
  poolStats(): { total: number; idle: number; waiting: number; max: number } | null;
  /**
   * Where the pool's dropped connections and an outage go (the app's logger once it is built;
   * stderr before). Decision 0053.
   */
  logTo(log: WarnLogger): void;
  /** Notes a request that failed because the database could not be reached (logged once a minute). */
  unreachable(error: unknown): void;
  /**
   * The embedded database's data folder as a gzipped tar, taken between transactions after a
   * checkpoint, while the store keeps serving (decision 0060); null on PostgreSQL (pg_dump).
   */
  dump: (() => Promise<Blob>) | null;
  close(): Promise<void>;
};

/**
 * Decision 0053: how long a request may wait for PostgreSQL. A connection (or a free place in the
 * pool) within 800 ms, so an unreachable database answers 503 within a second instead of hanging;
 * a statement within 30 s, cancelled by the server; and 5 s more for the answer to arrive at all,
 * should the server itself have stopped answering.
 */
export const DATABASE_TIMEOUTS = { connectMs: 800, statementMs: 30_000, answerGraceMs: 5_000 };

type DatabaseOptions = {
  /** postgres:// URL; when absent the embedded PGlite database is used. */
  url?: string | undefined;
  /** Folder for PGlite's files; when absent PGlite keeps everything in memory. */
  dataDir?: string | undefined;
  /**
   * PGlite only: a data folder dumped by PGlite's `dumpDataDir` to start from. Tests start from a
   * migrated copy: loading it is several times quicker than initdb and the migrations.
   */
  snapshot?: Blob | undefined;
  poolSize?: number;
  /**
   * PostgreSQL only: false runs every catalogue read unnamed, for a transaction-mode pooler
   * (prepared-statements.ts `runUnnamed`). Default true.
   */
  preparedStatements?: boolean;
  /** PostgreSQL only: the statement timeout (DATABASE_TIMEOUTS); 0 for none (the big seed). */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL only: how long a connection, or a free place in the pool, is waited for
   * (DATABASE_TIMEOUTS); 0 for as long as it takes (the tests' databases, test-database.ts).
   */
  connectTimeoutMs?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const database = await openPostgres(options.url, {
      poolSize: options.poolSize ?? 10,
      statementTimeoutMs: options.statementTimeoutMs ?? DATABASE_TIMEOUTS.statementMs,
      connectTimeoutMs: options.connectTimeoutMs ?? DATABASE_TIMEOUTS.connectMs,
    });
    if (options.preparedStatements === false) runUnnamed(database.db);
    return database;
  }
  return openPglite(options.dataDir, options.snapshot);
}

/** Start-up prints its message alone (main.ts): it says what to do, a stack would not. */
export class EmbeddedVersionError extends Error {}

/** The PostgreSQL major version of the embedded engine (PGlite 0.6): its data folders say so. */
export const EMBEDDED_POSTGRES_MAJOR = '19';

/**
 * A data folder made by another PostgreSQL major (PGlite 0.5 ran 18) does not open in this one;
 * PGlite answers only "failed to initialize properly". Said before opening, with what to do.
 */
export function embeddedVersionProblem(dataDir: string): string | null {
  const versionFile = path.join(dataDir, 'PG_VERSION');
  if (!fs.existsSync(versionFile)) return null;
  const major = fs.readFileSync(versionFile, 'utf8').trim();
  if (major === EMBEDDED_POSTGRES_MAJOR) return null;
  return `The embedded database in ${dataDir} was made by PostgreSQL ${major} (an earlier release of the store); this release runs PostgreSQL ${EMBEDDED_POSTGRES_MAJOR} and cannot open it. Move its data across as CHANGELOG.md says under "Upgrading from 0.x", or set DATA_DIR to a new folder.`;
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const problem = dataDir ? embeddedVersionProblem(dataDir) : null;
  if (problem) throw new EmbeddedVersionError(problem);
  const client = await PGlite.create({ dataDir, loadDataDir: snapshot, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    changesInProcess: createChangeCounters(),
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    runExclusively: async (_name, task) => {
      await task();
      return true;
    },
    poolStats: () => null,
    // In this process: it cannot be unreachable.
    logTo: () => {},
    unreachable: () => {},
    // The checkpoint leaves recovery little WAL to replay on restore; holding PGlite's transaction
    // lock (which its query() and transaction() take) keeps a half-done transaction out of the copy.
    dump: async () => {
      await client.query('CHECKPOINT');
      return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
    },
    close: () => client.close(),
  };
}

async function openPostgres(
  url: string,
  {
    poolSize,
    statementTimeoutMs,
    connectTimeoutMs,
  }: { poolSize: number; statementTimeoutMs: number; connectTimeoutMs: number },
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    ...(statementTimeoutMs > 0
      ? {
          statement_timeout: statementTimeoutMs,
          query_timeout: statementTimeoutMs + DATABASE_TIMEOUTS.answerGraceMs,
        }
      : {}),
  });
  let log: WarnLogger = { warn: (details, message) => console.warn(message, details) };
  const outage = createOutageLog(() => log, {
    what: 'The database',
    meanwhile: 'requests are answered 503 until it is back',
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => outage.failed(error));
  pool.on('connect', () => outage.recovered());
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    changesInProcess: null,
    // Instances starting together on a new database take turns: the second finds nothing to do.
    // On a connection of its own without the requests' timeouts: building an index on a large
    // table may take longer than any request should.
    migrate: async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
        try {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]);
        }
      } finally {
        await client.end();
      }
    },
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    runExclusively: async (name, task) => {
      const client = await pool.connect();
      try {
        const lockKey = `utsav:${name}`;
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtext($1)) as locked',
          [lockKey],
        );
        if (!rows[0]?.locked) return false;
        try {
          await task();
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [lockKey]);
        }
        return true;
      } finally {
        client.release();
      }
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    logTo: (next) => {
      log = next;
    },
    unreachable: (error) => outage.failed(error),
    dump: null,
    close: () => pool.end(),
  };
}

/**
 * `query` made to answer all its rows as one JSON text, read back by `fromJsonRows`. Either driver
 * hands over one text far faster than thousands of rows decoded field by field (the embedded one
 * took 150-225 ms for the 19,159 rows of the pincode directory, against 40-55 ms to parse them as
 * one text), so the large reads of the catalogue and the directory are written this way.
 */
export const asJsonRows = (query: SQL): SQL =>
  sql`SELECT coalesce(json_agg(t), '[]')::text AS rows FROM (${query}) t`;

/** The rows of an `asJsonRows` query's one result row. */
export function fromJsonRows<Row>(result: { rows: string } | undefined): Row[] {
  return JSON.parse(result?.rows ?? '[]') as Row[];
}

/** Rows of a raw `db.execute(sql...)`, whichever driver ran it. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
