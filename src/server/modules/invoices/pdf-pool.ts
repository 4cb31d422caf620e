import type { Invoice } from '../../../shared/api/invoices';
import { createWorkerPool } from '../../worker-pool';
import type renderPdf from './pdf-worker';

export type PdfPool = ReturnType<typeof createPdfPool>;

export const PDF_MESSAGES = {
  tooSlow: 'The document took too long to prepare. Please try again in a little while.',
} as const;

/** Issue 21: PDFs are laid out in worker threads (pdf-worker.ts), each stopped after `timeLimitMs`. */
export function createPdfPool({ threads, timeLimitMs }: { threads: number; timeLimitMs: number }) {
  const pool = createWorkerPool<typeof renderPdf>({
    besideModule: import.meta.url,
    workerName: 'pdf-worker',
    threads,
    timeLimitMs,
    tooSlowMessage: PDF_MESSAGES.tooSlow,
  });

  return {
    async renderInvoice(invoice: Invoice): Promise<Buffer> {
      const bytes = await pool.run({ kind: 'invoice', invoice });
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    close: pool.close,
  };
}
