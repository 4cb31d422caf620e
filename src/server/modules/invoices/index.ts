// The invoices module's public entry: GST tax invoices.
export { createInvoiceService, type InvoiceService } from './invoice-service';
export { invoiceRoutes, sendInvoicePdf } from './routes';
