// Runs in a worker thread of the PDF pool (pdf-pool.ts): lays out one document per task, so a
// slow layout never blocks the event loop that answers requests.
import type { Invoice } from '../../../shared/api/invoices';
import { renderInvoicePdf } from './invoice-pdf';

export type PdfTask = { kind: 'invoice'; invoice: Invoice };

export default async function renderPdf(task: PdfTask): Promise<Uint8Array> {
  return new Uint8Array(await renderInvoicePdf(task.invoice));
}
