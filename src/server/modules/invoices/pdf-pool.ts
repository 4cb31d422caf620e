import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { Invoice } from '../../../shared/api/invoices';
import { AppError } from '../../errors';
import type { PdfTask } from './pdf-worker';

export type PdfPool = ReturnType<typeof createPdfPool>;

export const PDF_MESSAGES = {
  tooSlow: 'The document took too long to prepare. Please try again in a little while.',
} as const;

/**
 * Issue 21: PDFs are laid out in worker threads (piscina), never on the event loop, each task
 * aborted after `timeLimitMs`. The worker sits next to this file with the same extension: `.ts`
 * under tsx and Vitest (the worker then loads tsx itself through `--import tsx`), `.js` when
 * compiled to dist/server (no loader needed). Assumption for that build: it emits files one for
 * one (tsc-style) or, if it bundles, lists pdf-worker.ts as its own entry beside pdf-pool.
 */
export function createPdfPool({ threads, timeLimitMs }: { threads: number; timeLimitMs: number }) {
  const here = fileURLToPath(import.meta.url);
  const extension = extname(here);
  const filename = here.replace(/pdf-pool\.[cm]?[jt]s$/, `pdf-worker${extension}`);
  const pool = new Piscina({
    filename,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    execArgv: extension === '.ts' ? ['--import', 'tsx'] : [],
  });

  async function run(task: PdfTask): Promise<Buffer> {
    const signal = AbortSignal.timeout(timeLimitMs);
    try {
      const bytes: Uint8Array = await pool.run(task, { signal });
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      if (signal.aborted) throw new AppError('unavailable', PDF_MESSAGES.tooSlow);
      throw error;
    }
  }

  return {
    renderInvoice: (invoice: Invoice) => run({ kind: 'invoice', invoice }),
    close: () => pool.destroy(),
  };
}
