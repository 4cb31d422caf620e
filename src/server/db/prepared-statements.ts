import { createHash } from 'node:crypto';
import { PGlite, parse as pgliteResults, protocol } from '@electric-sql/pglite';
import { DrizzleQueryError, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';

/**
 * Distinct statement texts prepared per database (per PGlite instance; per pool on PostgreSQL,
 * so per connection too). The texts come from code, a few dozen shapes of the catalogue's reads,
 * but a prepared statement keeps its plan in the server's memory for good: past this many a new
 * text runs unnamed, as `db.execute` runs it.
 */
export const MAX_PREPARED_STATEMENTS = 200;

/**
 * The database or a transaction handle: client.ts's `Queryable`, not imported because client.ts
 * re-exports this module. A handle has no driver client of its own and runs `execute`.
 */
type QueryRunner = { execute(query: SQL): PromiseLike<unknown> };

type Prepared = {
  name: string;
  /** PGlite only: the types the server gave the parameters, to send values as PGlite's `query` does. */
  parameterTypes: number[];
};

const dialect = new PgDialect();

/** Statement text → its prepared statement, for each driver client (a PGlite instance or a pool). */
const registries = new WeakMap<object, Map<string, Prepared>>();

/**
 * The driver's own client behind a Drizzle database or transaction handle: a PGlite instance or a
 * node-postgres pool (Drizzle keeps it as `$client`; the shared Database type does not name it).
 */
export function driverClientOf(db: QueryRunner): unknown {
  return (db as { $client?: unknown }).$client;
}

/** Driver clients whose statements all run unnamed (`runUnnamed`). */
const unnamedOnly = new WeakSet<object>();

/**
 * Every statement of this database runs unnamed from now on, as `db.execute` runs it. For
 * PostgreSQL behind a pooler that gives each transaction whichever server connection is free
 * (PgBouncer in transaction mode without `max_prepared_statements`, some hosted pooler ports):
 * there a name prepared on one connection may be missing on the next (DATABASE_PREPARED_STATEMENTS).
 */
export function runUnnamed(db: QueryRunner): void {
  const client = driverClientOf(db);
  if (typeof client === 'object' && client !== null) unnamedOnly.add(client);
}

// Drizzle's `execute` hands dates, times and intervals back as the database prints them, on both
// drivers (its sessions' parsers); rows here are the same. Type ids: date, timestamp, timestamptz,
// interval, then their arrays and numeric[].
const TEXT_TYPES = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);
const asPrinted = (value: string) => value;
const pgliteParsers = Object.fromEntries([...TEXT_TYPES].map((type) => [type, asPrinted]));

/**
 * Each PGlite's parsers with ours in front, by prototype: PGlite's parseResults copies the client's
 * 388 parsers into a new object whenever it is given parsers of its own, 0.2 ms a statement (a
 * tenth of a product page, decision 0087); this object is made once and sees the array types
 * PGlite adds to its own parsers later.
 */
const pgliteParsersOf = new WeakMap<PGlite, PGlite['parsers']>();
function parsersOf(client: PGlite): PGlite['parsers'] {
  let parsers = pgliteParsersOf.get(client);
  if (!parsers) {
    parsers = Object.assign(Object.create(client.parsers) as PGlite['parsers'], pgliteParsers);
    pgliteParsersOf.set(client, parsers);
  }
  return parsers;
}
const pgTypes = {
  getTypeParser: ((type: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(type) ? asPrinted : pg.types.getTypeParser(type, format)) as typeof pg.types.getTypeParser,
};

/**
 * The rows of `query` (as `rowsOf(await db.execute(query))` gives them), run as a named prepared
 * statement so the database parses and plans each distinct text once per connection instead of on
 * every call (decision 48). The name is a hash of the text, so one name always means one text;
 * values only ever travel as bound parameters. Errors are Drizzle's `DrizzleQueryError` with the
 * driver's error as its cause, as `db.execute` throws them. Inside a transaction, and past
 * MAX_PREPARED_STATEMENTS texts, it is `db.execute`.
 */
export async function executePrepared<Row = Record<string, unknown>>(
  db: QueryRunner,
  query: SQL,
): Promise<Row[]> {
  const client = driverClientOf(db);
  if ((client instanceof PGlite || client instanceof pg.Pool) && !unnamedOnly.has(client)) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const statements = registryOf(client);
    try {
      const rows =
        client instanceof PGlite
          ? await executeOnPglite(client, statements, text, params)
          : await executeOnPostgres(client, statements, text, params);
      if (rows) return rows as Row[];
    } catch (error) {
      throw new DrizzleQueryError(text, params, error as Error);
    }
  }
  return ((await db.execute(query)) as { rows: Row[] }).rows;
}

/**
 * Drops every statement prepared on this database and forgets their names, as a new connection
 * starts. For the test database one worker hands from file to file (testing/test-database.ts):
 * the bound counts per instance, and one file's statements must not fill it for the next.
 */
export async function deallocateAll(db: QueryRunner): Promise<void> {
  const client = driverClientOf(db);
  if (typeof client !== 'object' || client === null) return;
  await db.execute(sql`DEALLOCATE ALL`);
  registries.delete(client);
}

function registryOf(client: object): Map<string, Prepared> {
  let statements = registries.get(client);
  if (!statements) {
    statements = new Map();
    registries.set(client, statements);
  }
  return statements;
}

/** 96 bits of SHA-256: two of a few hundred texts sharing a name is beyond any chance. */
const nameOf = (text: string) => `q_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;

/**
 * node-postgres prepares a named statement on each connection the first time that connection
 * runs it (and only once the server accepted it), then binds and executes. The name counts
 * against the bound from its first use.
 */
async function executeOnPostgres(
  pool: pg.Pool,
  statements: Map<string, Prepared>,
  text: string,
  values: unknown[],
): Promise<unknown[] | null> {
  let statement = statements.get(text);
  if (!statement) {
    if (statements.size >= MAX_PREPARED_STATEMENTS) return null;
    statement = { name: nameOf(text), parameterTypes: [] };
    statements.set(text, statement);
  }
  const result = await pool.query({ name: statement.name, text, values, types: pgTypes });
  return result.rows;
}

/**
 * PGlite, through its wire protocol: Parse (named) and Describe once, then Bind, Describe,
 * Execute and Sync in one message, one call into the database where PGlite's own `query` makes six
 * (decision 48 has the measurements). It takes both of PGlite's locks as `query` does: a
 * `db.transaction` holds the transaction lock between its statements, so this waits for it to end
 * and never runs inside it (the public `runExclusive` alone takes only the query lock).
 */
async function executeOnPglite(
  client: PGlite,
  statements: Map<string, Prepared>,
  text: string,
  values: unknown[],
): Promise<unknown[] | null> {
  if (!statements.has(text) && statements.size >= MAX_PREPARED_STATEMENTS) return null;
  const messages = await client._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      const statement = statements.get(text) ?? (await prepareOnPglite(client, statements, text));
      if (!statement) return null;
      const bound = values.map((value, index) =>
        serializeForPglite(client, value, statement.parameterTypes[index]),
      );
      const { serialize } = protocol;
      const result = await client.execProtocol(
        concat([
          serialize.bind({ statement: statement.name, values: bound }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
      return result.messages;
    }),
  );
  if (!messages) return null;
  return pgliteResults.parseResults(messages, parsersOf(client))[0]?.rows ?? [];
}

/** Called holding PGlite's locks; null when the bound is reached (another caller may have just filled it). */
async function prepareOnPglite(
  client: PGlite,
  statements: Map<string, Prepared>,
  text: string,
): Promise<Prepared | null> {
  if (statements.size >= MAX_PREPARED_STATEMENTS) return null;
  const name = nameOf(text);
  const { serialize } = protocol;
  try {
    const { messages } = await client.execProtocol(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    );
    const statement = { name, parameterTypes: pgliteResults.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    return statement;
  } catch (error) {
    // Nothing of a failed prepare stays: closing a statement that does not exist is no error.
    await client.execProtocol(concat([serialize.close({ type: 'S', name }), serialize.sync()]));
    throw error;
  }
}

/** A parameter as PGlite's own `query` sends it: by the serializer of the type the server gave it. */
function serializeForPglite(client: PGlite, value: unknown, type: number | undefined): string | null {
  if (value === null || value === undefined) return null;
  const serializer = type === undefined ? undefined : client.serializers[type];
  return serializer ? serializer(value) : String(value);
}

function concat(messages: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    whole.set(message, offset);
    offset += message.length;
  }
  return whole;
}
