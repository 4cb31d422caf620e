// Runs in a worker thread of the PDF pool (pdf-pool.ts): lays out one document per task, so a
// slow layout never blocks the event loop that answers requests.
import type { Invoice } from '../../../shared/api/invoices';
import { renderInvoicePdf } from './invoice-pdf';
import { mergePdfs } from './merge-pdfs';
import { type OrderDocuments, renderOrderDocumentsPdf } from './order-documents-pdf';
import { type PickupManifest, renderPickupManifestPdf } from './pickup-manifest-pdf';

export type PdfTask =
  | { kind: 'invoice'; invoice: Invoice }
  | { kind: 'orders'; orders: OrderDocuments[] }
  | { kind: 'merge'; pdfs: Uint8Array[] }
  | { kind: 'manifest'; manifest: PickupManifest };

export default async function renderPdf(task: PdfTask): Promise<Uint8Array> {
  if (task.kind === 'merge') return mergePdfs(task.pdfs);
  if (task.kind === 'manifest') return new Uint8Array(await renderPickupManifestPdf(task.manifest));
  const pdf =
    task.kind === 'invoice'
      ? await renderInvoicePdf(task.invoice)
      : await renderOrderDocumentsPdf(task.orders);
  return new Uint8Array(pdf);
}
