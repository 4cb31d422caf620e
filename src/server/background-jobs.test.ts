import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { scheduleBackgroundJobs } from './background-jobs';
import { openDatabase } from './db/client';

describe('background jobs', () => {
  it('run on their timer once the app is ready and stop when it closes', async () => {
    const host = Fastify();
    let runs = 0;
    let ranTwice: () => void = () => {};
    const twice = new Promise<void>((resolve) => {
      ranTwice = resolve;
    });
    scheduleBackgroundJobs(host, [
      {
        name: 'probe',
        everyMs: 5,
        run: async () => {
          runs += 1;
          if (runs === 2) ranTwice();
        },
      },
    ]);
    expect(runs).toBe(0);

    await host.ready();
    await twice;
    await host.close();
    const runsAtClose = runs;
    await new Promise((resolve) => setTimeout(resolve, 30));

    expect(runs).toBe(runsAtClose);
  });

  it('waits for a run in progress before the app finishes closing', async () => {
    const host = Fastify();
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finished = false;
    scheduleBackgroundJobs(host, [
      {
        name: 'slow',
        everyMs: 5,
        run: async () => {
          started();
          await new Promise((resolve) => setTimeout(resolve, 20));
          finished = true;
        },
      },
    ]);

    await host.ready();
    await running;
    await host.close();

    expect(finished).toBe(true);
  });

  it('report a database that cannot be reached as one outage line, not an error per run', async () => {
    // Nothing listens on port 1 of this machine: every run fails to connect.
    const database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/store' });
    const lines: string[] = [];
    database.logTo({ warn: (_details, message) => lines.push(message) });
    const host = Fastify();
    host.decorate('database', database);
    const errors: unknown[] = [];
    host.log.error = (...args: unknown[]) => {
      errors.push(args);
    };
    let runs = 0;
    let ranThrice: () => void = () => {};
    const thrice = new Promise<void>((resolve) => {
      ranThrice = resolve;
    });
    scheduleBackgroundJobs(host, [
      {
        name: 'sweep',
        everyMs: 5,
        run: async () => {
          runs += 1;
          if (runs === 3) ranThrice();
          await database.db.execute(sql`select 1`);
        },
      },
    ]);
    try {
      await host.ready();
      await thrice;
    } finally {
      await host.close();
      await database.close();
    }
    expect(lines).toEqual(['The database cannot be reached; requests are answered 503 until it is back']);
    expect(errors).toEqual([]);
  });
});
