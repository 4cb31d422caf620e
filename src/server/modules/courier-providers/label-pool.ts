import { createWorkerPool } from '../../worker-pool';
import type { LabelContent } from './label-pdf';
import type renderLabel from './label-pdf-worker';

export const LABEL_TOO_SLOW = 'The label took too long to prepare. Please try again in a little while.';

export type RenderLabel = (label: LabelContent) => Promise<Buffer>;

/**
 * Decision 0024: the sandbox courier's labels are drawn in a worker thread (worker-pool.ts), each
 * stopped after `timeLimitMs` with a 503; 20 at once on the main thread held /api/health for 1.4 s.
 */
export function createLabelPool({ threads, timeLimitMs }: { threads: number; timeLimitMs: number }) {
  const pool = createWorkerPool<typeof renderLabel>({
    besideModule: import.meta.url,
    workerName: 'label-pdf-worker',
    threads,
    timeLimitMs,
    tooSlowMessage: LABEL_TOO_SLOW,
  });
  const render: RenderLabel = async (label) => {
    const bytes = await pool.run(label);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
  return { render, close: pool.close };
}
