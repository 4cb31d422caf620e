import { createWorkerPool } from '../../worker-pool';
import type { ProductCsvReading } from './product-csv-rows';
import type readProductCsvFile from './product-csv-worker';
import type { PhotoZipReading } from './product-photo-zip';

export type ProductCsvPool = ReturnType<typeof createProductCsvPool>;

export const PRODUCT_CSV_MESSAGES = {
  tooSlow:
    'The file took too long to read, so nothing was imported. Please split it into smaller files and try again.',
} as const;

/**
 * Import files are parsed and checked in a worker thread (product-csv-worker.ts), each
 * stopped after `timeLimitMs`; the database writes stay on the main thread. One thread: imports
 * are the owner's, rare, and a second one waits rather than taking another core.
 */
export function createProductCsvPool({ timeLimitMs }: { timeLimitMs: number }) {
  const pool = createWorkerPool<typeof readProductCsvFile>({
    besideModule: import.meta.url,
    workerName: 'product-csv-worker',
    threads: 1,
    timeLimitMs,
    tooSlowMessage: PRODUCT_CSV_MESSAGES.tooSlow,
  });
  // The worker answers for either kind of task; each kind answers its own reading.
  return {
    read: async (text: string, categoryIds: Map<string, number>) =>
      (await pool.run({ kind: 'csv', text, categoryIds })) as ProductCsvReading,
    /** Decision 0077: a zip of photos named by SKU, listed (and with `unpack`, unpacked). */
    readPhotoZip: async (zip: Uint8Array, unpack: boolean) =>
      (await pool.run({ kind: 'zip', zip, unpack })) as PhotoZipReading,
    close: pool.close,
  };
}
