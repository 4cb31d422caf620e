// Runs in a worker thread of the catalogue import pool (product-csv-pool.ts): parses and checks one
// import file per task (a CSV of products, or decision 0077's zip of photos), so reading megabytes
// never blocks the event loop that answers requests.
import { type ProductCsvReading, readProductCsv } from './product-csv-rows';
import { type PhotoZipReading, readPhotoZip } from './product-photo-zip';

export type ProductCsvTask =
  | { kind: 'csv'; text: string; categoryIds: Map<string, number> }
  | { kind: 'zip'; zip: Uint8Array; unpack: boolean };

export default function readProductCsvFile(task: ProductCsvTask): ProductCsvReading | PhotoZipReading {
  return task.kind === 'csv'
    ? readProductCsv(task.text, task.categoryIds)
    : readPhotoZip(task.zip, task.unpack);
}
