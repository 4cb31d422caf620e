import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { AppError } from './errors';

/** What a worker file exports as its default: one task in, its result out. */
type WorkerTask = (task: never) => unknown;

export type WorkerPool<Work extends WorkerTask> = {
  run(task: Parameters<Work>[0]): Promise<Awaited<ReturnType<Work>>>;
  close(): Promise<void>;
};

/**
 * CPU-heavy work (invoice PDFs, CSV imports) runs in worker threads (piscina), never on
 * the event loop, each task aborted after `timeLimitMs` with a 503 saying `tooSlowMessage`.
 *
 * The worker file sits beside the module that makes the pool (`besideModule`, its
 * `import.meta.url`) with that module's extension: `.ts` under tsx and Vitest (the worker then
 * loads tsx itself through `--import tsx`), `.js` when compiled to dist/server, where each worker
 * is a build entry of its own (vite.config.ts), since no import reaches it.
 */
export function createWorkerPool<Work extends WorkerTask>({
  besideModule,
  workerName,
  threads,
  timeLimitMs,
  tooSlowMessage,
}: {
  besideModule: string;
  workerName: string;
  threads: number;
  timeLimitMs: number;
  tooSlowMessage: string;
}): WorkerPool<Work> {
  const caller = fileURLToPath(besideModule);
  const extension = extname(caller);
  const pool = new Piscina({
    filename: join(dirname(caller), `${workerName}${extension}`),
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    execArgv: extension === '.ts' ? ['--import', 'tsx'] : [],
  });

  return {
    async run(task) {
      const signal = AbortSignal.timeout(timeLimitMs);
      try {
        return await pool.run(task, { signal });
      } catch (error) {
        if (signal.aborted) throw new AppError('unavailable', tooSlowMessage);
        throw error;
      }
    },
    close: () => pool.destroy(),
  };
}
