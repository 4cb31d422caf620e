// The invoices module's public entry: GST tax invoices.

export {
  creditUndeliveredInvoice,
  recordRefund,
  SUPERSEDED_CREDIT_REASON,
  UNDELIVERED_CREDIT_REASON,
} from './credit-notes';
export { invoiceNumbersOf } from './invoice-numbers';
export { createInvoiceService, type InvoiceService } from './invoice-service';
export { currentInvoicesOf, documentsIssuedBetween, invoicesNumbered } from './issued-documents';
export type { OrderDocuments } from './order-documents-pdf';
export { createPdfPool, PDF_MESSAGES, type PdfPool } from './pdf-pool';
export { taxDocumentsOf } from './personal-data';
export type { PickupManifest } from './pickup-manifest-pdf';
export { invoiceRoutes, sendInvoicePdf } from './routes';
