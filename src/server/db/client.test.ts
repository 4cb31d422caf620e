import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase } from '../testing/server-database';
import { pgliteTemplateSnapshot } from '../testing/test-database';
import { type Database, EMBEDDED_POSTGRES_MAJOR, migrationsFolder, openDatabase, rowsOf } from './client';

const readMigrationJournal = (): { entries: unknown[] } =>
  JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));

// A new embedded database (no migrated template on a PostgreSQL run) took 19 to 42 s at load 20
// here, past the 30 s hang guard: these guards are not limits on how fast it is.
const NEW_EMBEDDED_DATABASE_GUARD = 120_000;

describe('an embedded data folder of another PostgreSQL major', () => {
  it(
    'is refused before opening, saying how to move its data, and one of this major opens',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-pg18-'));
      try {
        fs.writeFileSync(path.join(dataDir, 'PG_VERSION'), '18\n');
        await expect(openDatabase({ dataDir })).rejects.toThrow(
          /made by PostgreSQL 18 .*runs PostgreSQL 19 .*"Upgrading from 0\.x"/,
        );
        expect(EMBEDDED_POSTGRES_MAJOR).toBe('19');
        fs.rmSync(dataDir, { recursive: true, force: true });
        // From the run's migrated template when there is one: the folder it writes is this major's.
        const fresh = await openDatabase({ dataDir, snapshot: pgliteTemplateSnapshot() });
        await fresh.close();
        expect(fs.readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim()).toBe(
          EMBEDDED_POSTGRES_MAJOR,
        );
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    NEW_EMBEDDED_DATABASE_GUARD,
  );
});

describe('runExclusively on the embedded database', () => {
  it(
    'always runs the task: one process owns the database',
    async () => {
      const database = await openDatabase({ snapshot: pgliteTemplateSnapshot() });
      try {
        let runs = 0;
        const task = async () => {
          runs += 1;
        };
        expect(
          await Promise.all([database.runExclusively('sweep', task), database.runExclusively('sweep', task)]),
        ).toEqual([true, true]);
        expect(runs).toBe(2);
      } finally {
        await database.close();
      }
    },
    NEW_EMBEDDED_DATABASE_GUARD,
  );
});

// Two instances of the store are two pools on one PostgreSQL database (when TEST_DATABASE_URL is set).
const serverUrl = process.env.TEST_DATABASE_URL;
describe.each(serverUrl ? [serverUrl] : [])('runExclusively on PostgreSQL', (url) => {
  let server: Awaited<ReturnType<typeof createServerDatabase>>;
  let first: Database;
  let second: Database;
  beforeAll(async () => {
    server = await createServerDatabase(url);
    first = await openDatabase({ url: server.url });
    second = await openDatabase({ url: server.url });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await server.drop();
  });

  it('lets one instance run a task of a name while the other skips it, then frees the name', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const holder = first.runExclusively('order-expiry', async () => {
      started();
      await gate;
    });
    await running;

    let skippedRan = false;
    expect(
      await second.runExclusively('order-expiry', async () => {
        skippedRan = true;
      }),
    ).toBe(false);
    expect(skippedRan).toBe(false);
    expect(await second.runExclusively('mail', async () => {})).toBe(true);

    release();
    expect(await holder).toBe(true);
    expect(await second.runExclusively('order-expiry', async () => {})).toBe(true);
  });

  it('migrates a new database once when two instances start together', async () => {
    const fresh = await createServerDatabase(url);
    const instances = [await openDatabase({ url: fresh.url }), await openDatabase({ url: fresh.url })];
    try {
      await Promise.all(instances.map((instance) => instance.migrate()));
      const rows = rowsOf<{ applied: number }>(
        await instances[0]!.db.execute(
          sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
        ),
      );
      expect(rows[0]!.applied).toBe(readMigrationJournal().entries.length);
    } finally {
      for (const instance of instances) await instance.close();
      await fresh.drop();
    }
  });

  it('frees the name when the task fails', async () => {
    await expect(
      first.runExclusively('refunds', async () => {
        throw new Error('provider unreachable');
      }),
    ).rejects.toThrow('provider unreachable');
    expect(await second.runExclusively('refunds', async () => {})).toBe(true);
  });
});
