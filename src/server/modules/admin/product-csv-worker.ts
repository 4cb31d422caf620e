// Runs in a worker thread of the product CSV pool (product-csv-pool.ts): parses and checks one
// import file per task, so reading 5 MB of rows never blocks the event loop that answers requests.
import { type ProductCsvReading, readProductCsv } from './product-csv-rows';

export type ProductCsvTask = { text: string; categoryIds: Map<string, number> };

export default function readProductCsvFile({ text, categoryIds }: ProductCsvTask): ProductCsvReading {
  return readProductCsv(text, categoryIds);
}
