import type { Invoice } from '../../../shared/api/invoices';
import { codToCollectText } from '../../../shared/cash-on-delivery';
import type { PackingSlip } from '../../../shared/packing-slip';
import { rs } from '../../pdf-amounts';
import { drawInvoice, MARGIN, startPdf } from './invoice-pdf';

export type OrderDocuments = {
  slip: PackingSlip;
  invoice: Invoice | null;
  /** Decision 0080: each personalisation photo of the slip as a JPEG, by its reference. */
  photos?: Readonly<Record<string, Uint8Array>>;
};

/** A photo on the slip is this many points a side at most (about 3 cm). */
const PHOTO_POINTS = 90;

/** What the shopper asked to be made ('Name on tag: Team Zeta'), one line each, so the packer makes it from the slip. */
const personalisationLines = (personalisation: PackingSlip['items'][number]['personalisation']) =>
  (personalisation?.fields ?? []).map((field) => `${field.label}: ${field.value}`);

/**
 * The packing slip's content (shared/packing-slip.ts, as the back office's page shows it), on
 * paper, each personalisation photo printed under its line (decision 0080).
 */
function drawPackingSlip(doc: PDFKit.PDFDocument, slip: PackingSlip, photos: OrderDocuments['photos'] = {}) {
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
    for (const line of personalisationLines(item.personalisation)) {
      doc.fontSize(10).text(line, MARGIN + 12, doc.y, { width: quantityX - MARGIN - 22 });
    }
    const photo = item.personalisation?.photo;
    if (photo) {
      const bytes = photos[photo];
      doc.fontSize(10).text(bytes ? 'Photo:' : 'Photo: not found (open the order)', MARGIN + 12, doc.y);
      if (bytes) {
        // Text flows onto a new page by itself; a picture has to be sent there.
        if (doc.y + PHOTO_POINTS + 4 > doc.page.height - MARGIN) doc.addPage();
        const top = doc.y + 2;
        doc.image(Buffer.from(bytes), MARGIN + 12, top, { fit: [PHOTO_POINTS, PHOTO_POINTS] });
        doc.y = top + PHOTO_POINTS + 2;
      }
    }
    if (item.cardMessage) {
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .text('Write in the card:', MARGIN + 12, doc.y, {
          width: quantityX - MARGIN - 22,
        });
      doc
        .font('Helvetica-Oblique')
        .fontSize(12)
        .text(item.cardMessage, MARGIN + 12, doc.y, {
          width: quantityX - MARGIN - 22,
        });
    }
    const bottom = doc.y;
    doc.fontSize(11).text(`x ${item.quantity}`, quantityX, y, { width: 50, align: 'right' });
    if (item.amount !== null) doc.text(rs(item.amount), quantityX + 60, y, { width: 110, align: 'right' });
    doc.y = Math.max(bottom, doc.y) + 4;
  }
  for (const saving of [...slip.quantityDiscounts, ...(slip.discount ? [slip.discount] : [])]) {
    doc.font('Helvetica').text(`${saving.label} -${rs(saving.amount)}`, MARGIN, doc.y + 2, {
      width,
      align: 'right',
    });
  }
  for (const fee of slip.fees) {
    doc
      .font('Helvetica')
      .text(`${fee.label} ${fee.amount === 0 ? 'Free' : rs(fee.amount)}`, MARGIN, doc.y + 2, {
        width,
        align: 'right',
      });
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
 * Many orders' packing slips and GST invoices as one PDF to print at once: each order's
 * slip on a page of its own, its invoice (when it has one: a paid order) on the next.
 */
export function renderOrderDocumentsPdf(orders: readonly OrderDocuments[]): Promise<Buffer> {
  const { doc, done } = startPdf({
    Title: `Packing slips and invoices of ${orders.length} orders`,
    Author: orders[0]?.slip.storeName ?? '',
  });
  orders.forEach(({ slip, invoice, photos }, index) => {
    if (index > 0) doc.addPage();
    drawPackingSlip(doc, slip, photos);
    if (invoice) {
      doc.addPage();
      drawInvoice(doc, invoice);
    }
  });
  doc.end();
  return done;
}
