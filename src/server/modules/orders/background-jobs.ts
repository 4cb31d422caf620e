import type { FastifyInstance } from 'fastify';

export type BackgroundJob = { name: string; everyMs: number; run: () => Promise<unknown> };

/**
 * Runs each job on a timer from the moment the app is ready until it closes. A run never overlaps
 * the previous one of the same job, and closing waits for runs in progress, so the database is
 * not closed under them. The jobs are plain functions; tests call them directly instead.
 */
export function scheduleBackgroundJobs(app: FastifyInstance, jobs: readonly BackgroundJob[]) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let closing = false;

  app.addHook('onReady', async () => {
    for (const job of jobs) {
      let busy = false;
      const timer = setInterval(() => {
        if (busy || closing) return;
        busy = true;
        const run = job
          .run()
          .catch((error: unknown) => app.log.error({ err: error, job: job.name }, 'background job failed'))
          .finally(() => {
            busy = false;
            running.delete(run);
          });
        running.add(run);
      }, job.everyMs);
      timer.unref();
      timers.push(timer);
    }
  });

  app.addHook('onClose', async () => {
    closing = true;
    for (const timer of timers) clearInterval(timer);
    await Promise.allSettled([...running]);
  });
}
