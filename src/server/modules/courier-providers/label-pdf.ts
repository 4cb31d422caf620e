import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { codToCollectText } from '../../../shared/cash-on-delivery';
import { rs } from '../../pdf-amounts';

export type LabelContent = {
  awb: string;
  courierName: string;
  orderNumber: string;
  to: { name: string; address: string; city: string; state: string; pincode: string; phone: string };
  from: { name: string; address: string };
  weightGrams: number;
  dimensionsCm: string;
  /** Decision 0042: rupees the courier collects at the door; null for a prepaid parcel. */
  codRupees: number | null;
};

/**
 * A 4 x 6 inch shipping label (the size courier printers take) with the AWB as a Code 128
 * barcode, as the sandbox courier hands it out. One small page: it renders in a few milliseconds,
 * so it needs no worker thread (invoices, many pages of text, do).
 */
export async function renderLabelPdf(label: LabelContent): Promise<Buffer> {
  const barcode = await bwipjs.toBuffer({
    bcid: 'code128',
    text: label.awb,
    scale: 3,
    height: 14,
    includetext: true,
    textxalign: 'center',
  });
  const doc = new PDFDocument({
    size: [288, 432],
    margin: 14,
    info: { Title: `Shipping label ${label.awb}`, Author: label.courierName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = 260;
  doc.font('Helvetica-Bold').fontSize(14).text(label.courierName, { width });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(
      `AWB ${label.awb}  ·  Order ${label.orderNumber}  ·  ${label.codRupees === null ? 'Prepaid' : 'COD'}`,
      {
        width,
      },
    );
  if (label.codRupees !== null) {
    // The courier's rider reads this at the door, so it stands out.
    doc.font('Helvetica-Bold').fontSize(16).text(codToCollectText(label.codRupees, rs), { width });
  }
  doc.moveDown(0.5);
  doc.image(barcode, { fit: [width, 80], align: 'center' });
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(10).text('Deliver to', { width });
  doc.font('Helvetica').fontSize(11).text(label.to.name, { width });
  doc.fontSize(10).text(label.to.address, { width });
  doc.text(`${[label.to.city, label.to.state].filter(Boolean).join(', ')} ${label.to.pincode}`, { width });
  doc.text(`Phone ${label.to.phone}`, { width });
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(9).text('From', { width });
  doc.font('Helvetica').fontSize(9).text(label.from.name, { width });
  doc.text(label.from.address, { width });
  doc.moveDown(0.5);
  doc.text(`Weight ${(label.weightGrams / 1000).toFixed(2)} kg  ·  ${label.dimensionsCm} cm`, { width });
  doc.end();
  return done;
}
