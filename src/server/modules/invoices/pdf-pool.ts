import type { Invoice } from '../../../shared/api/invoices';
import { createWorkerPool } from '../../worker-pool';
import type { OrderDocuments } from './order-documents-pdf';
import type renderPdf from './pdf-worker';
import type { PickupManifest } from './pickup-manifest-pdf';

export type PdfPool = ReturnType<typeof createPdfPool>;

export const PDF_MESSAGES = {
  tooSlow: 'The document took too long to prepare. Please try again in a little while.',
} as const;

/** PDFs are laid out in worker threads (pdf-worker.ts), each stopped after `timeLimitMs`. */
export function createPdfPool({ threads, timeLimitMs }: { threads: number; timeLimitMs: number }) {
  const pool = createWorkerPool<typeof renderPdf>({
    besideModule: import.meta.url,
    workerName: 'pdf-worker',
    threads,
    timeLimitMs,
    tooSlowMessage: PDF_MESSAGES.tooSlow,
  });

  const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    async renderInvoice(invoice: Invoice): Promise<Buffer> {
      return bufferOf(await pool.run({ kind: 'invoice', invoice }));
    },
    /** Many orders' packing slips and invoices as one PDF (order-documents-pdf.ts). */
    async renderOrderDocuments(orders: OrderDocuments[]): Promise<Buffer> {
      return bufferOf(await pool.run({ kind: 'orders', orders }));
    },
    /** Many PDFs (the courier's labels) as one, each page kept as it is. */
    async mergePdfs(pdfs: readonly Uint8Array[]): Promise<Buffer> {
      return bufferOf(await pool.run({ kind: 'merge', pdfs: [...pdfs] }));
    },
    /** Decision 0077: a booking job's parcels as the courier's pickup agent signs for them. */
    async renderPickupManifest(manifest: PickupManifest): Promise<Buffer> {
      return bufferOf(await pool.run({ kind: 'manifest', manifest }));
    },
    close: pool.close,
  };
}
