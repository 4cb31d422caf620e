import type { FastifyInstance } from 'fastify';
import { isDatabaseUnreachable } from './db/connection-errors';

type BackgroundJob = {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  /** Run on one instance at a time (the others skip that turn); see Database.runExclusively. */
  exclusive?: boolean;
};

/** A job as the scheduler set it going: its timer's period and the runs it has finished. */
export type ScheduledJob = { name: string; everyMs: number; runs: number };

export type BackgroundJobs = {
  /** The jobs whose timers are set (none before the app is ready), in the order given. */
  scheduled(): ScheduledJob[];
};

/**
 * Runs each job on a timer from the moment the app is ready until it closes. A run never overlaps
 * the previous one of the same job, and closing waits for runs in progress, so the database is
 * not closed under them. An exclusive job runs on one instance at a time across all instances
 * sharing the database. The jobs are plain functions; tests call them directly instead.
 */
export function scheduleBackgroundJobs(app: FastifyInstance, jobs: readonly BackgroundJob[]): BackgroundJobs {
  const timers: NodeJS.Timeout[] = [];
  const scheduled: ScheduledJob[] = [];
  const running = new Set<Promise<unknown>>();
  let closing = false;

  app.addHook('onReady', async () => {
    for (const job of jobs) {
      let busy = false;
      const entry: ScheduledJob = { name: job.name, everyMs: job.everyMs, runs: 0 };
      const timer = setInterval(() => {
        if (busy || closing) return;
        busy = true;
        const run = (job.exclusive ? app.database.runExclusively(job.name, job.run) : job.run())
          .catch((error: unknown) => {
            // Decision 0053: an outage is logged once a minute, not by every job every few seconds.
            if (isDatabaseUnreachable(error)) app.database.unreachable(error);
            else app.log.error({ err: error, job: job.name }, 'background job failed');
          })
          .finally(() => {
            busy = false;
            entry.runs += 1;
            running.delete(run);
          });
        running.add(run);
      }, entry.everyMs);
      timer.unref();
      timers.push(timer);
      scheduled.push(entry);
    }
  });

  app.addHook('onClose', async () => {
    closing = true;
    for (const timer of timers) clearInterval(timer);
    await Promise.allSettled([...running]);
  });

  return { scheduled: () => scheduled.map((job) => ({ ...job })) };
}
