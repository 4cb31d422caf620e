import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase } from '../testing/test-database';
import { type Database, openDatabase } from './client';

describe('runExclusively on the embedded database', () => {
  it('always runs the task: one process owns the database', async () => {
    const database = await openDatabase({});
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
  });
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

  it('frees the name when the task fails', async () => {
    await expect(
      first.runExclusively('refunds', async () => {
        throw new Error('provider unreachable');
      }),
    ).rejects.toThrow('provider unreachable');
    expect(await second.runExclusively('refunds', async () => {})).toBe(true);
  });
});
