import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { scheduleBackgroundJobs } from './background-jobs';

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
});
