import type { Invoice } from '../../../shared/api/invoices';
import { codToCollectText } from '../../../shared/cash-on-delivery';
import { drawInvoice, MARGIN, startPdf } from './invoice-pdf';
import { rs } from './pdf-amounts';

/** What travels in the box (as the back office's packing slip page shows it), ready to print. */
export type PackingSlipDocument = {
  storeName: string;
  orderNumber: string;
  deliverTo: string[];
  /** The delivery day and slot the shopper chose, as words; '' when none. */
  deliverOn: string;
  /**
   * Amounts in rupees; null when prices are hidden. `personalisation`: what the shopper asked to be
   * made ('Name on tag: Team Zeta'), one line each, so the packer makes it from the slip.
   */
  items: { name: string; quantity: number; amount: number | null; personalisation?: string[] }[];
  /** null when the shopper asked to hide prices (a gift). */
  total: number | null;
  giftMessage: string | null;
  /** Decision 0042: rupees the courier collects at the door; null when nothing is to collect. */
  codToCollect: number | null;
};

export type OrderDocuments = { slip: PackingSlipDocument; invoice: Invoice | null };

function drawPackingSlip(doc: PDFKit.PDFDocument, slip: PackingSlipDocument) {
  const width = doc.page.width - MARGIN * 2;
  doc.fillColor('black').font('Helvetica-Bold').fontSize(18).text('PACKING SLIP', MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(11).text(`${slip.storeName} - Order ${slip.orderNumber}`);
  if (slip.codToCollect !== null) {
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(16).text(codToCollectText(slip.codToCollect, rs));
  }
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(12).text('Deliver to');
  doc.font('Helvetica').fontSize(12);
  for (const line of slip.deliverTo) doc.text(line, { width });
  if (slip.deliverOn) {
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').text('Deliver on');
    doc.font('Helvetica').text(slip.deliverOn);
  }
  doc.moveDown(1);
  doc.font('Helvetica-Bold').text('Items');
  doc.moveDown(0.3);
  const showPrices = slip.total !== null;
  const quantityX = MARGIN + width - (showPrices ? 170 : 60);
  for (const item of slip.items) {
    const y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(11)
      .text(item.name, MARGIN, y, { width: quantityX - MARGIN - 10 });
    for (const line of item.personalisation ?? []) {
      doc.fontSize(10).text(line, MARGIN + 12, doc.y, { width: quantityX - MARGIN - 22 });
    }
    const bottom = doc.y;
    doc.fontSize(11).text(`x ${item.quantity}`, quantityX, y, { width: 50, align: 'right' });
    if (item.amount !== null) doc.text(rs(item.amount), quantityX + 60, y, { width: 110, align: 'right' });
    doc.y = Math.max(bottom, doc.y) + 4;
  }
  if (slip.total !== null) {
    doc.font('Helvetica-Bold').text(`Total ${rs(slip.total)}`, MARGIN, doc.y + 4, { width, align: 'right' });
  }
  if (slip.giftMessage) {
    doc.moveDown(1.5);
    doc.font('Helvetica-Bold').text('Gift message', MARGIN, doc.y, { width });
    doc.font('Helvetica-Oblique').fontSize(13).text(slip.giftMessage, { width });
  }
}

/**
 * Issue 26: many orders' packing slips and GST invoices as one PDF to print at once: each order's
 * slip on a page of its own, its invoice (when it has one: a paid order) on the next.
 */
export function renderOrderDocumentsPdf(orders: readonly OrderDocuments[]): Promise<Buffer> {
  const { doc, done } = startPdf({
    Title: `Packing slips and invoices of ${orders.length} orders`,
    Author: orders[0]?.slip.storeName ?? '',
  });
  orders.forEach(({ slip, invoice }, index) => {
    if (index > 0) doc.addPage();
    drawPackingSlip(doc, slip);
    if (invoice) {
      doc.addPage();
      drawInvoice(doc, invoice);
    }
  });
  doc.end();
  return done;
}
