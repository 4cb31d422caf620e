import PDFDocument from 'pdfkit';
import type { Invoice } from '../../../shared/api/invoices';
import { INDIA_TIME_ZONE } from '../../../shared/india-time';
import { rs } from './pdf-amounts';

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { dateStyle: 'medium', timeZone: INDIA_TIME_ZONE });

export const MARGIN = 40;

/**
 * The invoice as an A4 PDF: seller, buyer and delivery address, and GST per line. A credit note
 * is laid out the same way, titled as one and naming the invoice it reduces.
 */
export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const credit = invoice.creditNote ?? null;
  const { doc, done } = startPdf({
    Title: `${credit ? 'Credit Note' : 'Tax Invoice'} ${invoice.number}`,
    Author: invoice.seller.legalName,
  });
  drawInvoice(doc, invoice);
  doc.end();
  return done;
}

/** An A4 document and the bytes it will have once ended. */
export function startPdf(info: { Title: string; Author: string }) {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** Lays the invoice out from the current page's top (issue 26: also in a bundle of many orders). */
export function drawInvoice(doc: PDFKit.PDFDocument, invoice: Invoice) {
  const credit = invoice.creditNote ?? null;
  const title = credit ? 'CREDIT NOTE' : 'TAX INVOICE';
  const width = doc.page.width - MARGIN * 2;
  doc.font('Helvetica-Bold').fontSize(16).text(title, { align: 'center' });
  doc.moveDown(0.5);

  const top = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(invoice.seller.legalName, MARGIN, top, { width: width / 2 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(invoice.seller.address, { width: width / 2 });
  doc.text(`GSTIN: ${invoice.seller.gstin}`);
  doc.text(
    `State: ${invoice.seller.state}${invoice.seller.stateCode ? ` (${invoice.seller.stateCode})` : ''}`,
  );
  const leftBottom = doc.y;

  const right = MARGIN + width / 2 + 10;
  doc.font('Helvetica').fontSize(9);
  if (credit) {
    doc.text(`Credit Note No: ${invoice.number}`, right, top, { width: width / 2 - 10 });
    doc.text(`Credit Note Date: ${dateOf(invoice.issuedAt)}`);
    doc.text(`Against Invoice: ${credit.invoiceNumber} of ${dateOf(credit.invoiceDate)}`);
    doc.text(`Reason: ${credit.reason}`);
  } else {
    doc.text(`Invoice No: ${invoice.number}`, right, top, { width: width / 2 - 10 });
    doc.text(`Invoice Date: ${dateOf(invoice.issuedAt)}`);
  }
  doc.text(`Order No: ${invoice.orderNumber}`);
  doc.text(
    `Place of Supply: ${invoice.placeOfSupply.state}${invoice.placeOfSupply.stateCode ? ` (${invoice.placeOfSupply.stateCode})` : ''}`,
  );
  doc.y = Math.max(leftBottom, doc.y) + 12;

  const partiesTop = doc.y;
  doc.font('Helvetica-Bold').text('Bill To', MARGIN, partiesTop, { width: width / 2 });
  doc.font('Helvetica');
  if (invoice.buyer.legalName) doc.text(invoice.buyer.legalName);
  doc.text(invoice.buyer.name);
  // Rule 46(e): the recipient's address. The store asks for one address, where the order goes
  // (its lines after the name, before the phone).
  for (const line of invoice.deliveryAddress.slice(1, -1)) doc.text(line);
  doc.text(invoice.buyer.email);
  if (invoice.buyer.gstin) doc.text(`GSTIN: ${invoice.buyer.gstin}`);
  const billBottom = doc.y;
  doc.font('Helvetica-Bold').text('Ship To', right, partiesTop, { width: width / 2 - 10 });
  doc.font('Helvetica');
  for (const line of invoice.deliveryAddress) doc.text(line);
  doc.y = Math.max(billBottom, doc.y) + 12;

  // The table: description, HSN, qty, taxable value, rate, tax columns, total.
  const taxColumns = invoice.intraState ? ['CGST', 'SGST'] : ['IGST'];
  const headings = ['#', 'Description', 'HSN/SAC', 'Qty', 'Taxable value', 'Rate', ...taxColumns, 'Total'];
  const widths = invoice.intraState
    ? [18, 147, 50, 28, 72, 34, 56, 56, 54]
    : [18, 175, 50, 28, 80, 34, 70, 60];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    let x = MARGIN;
    let height = 0;
    cells.forEach((cell, index) => {
      const cellWidth = widths[index] ?? 40;
      const align = index >= 3 ? 'right' : 'left';
      doc.text(cell, x + 2, y, { width: cellWidth - 4, align });
      height = Math.max(height, doc.y - y);
      x += cellWidth;
    });
    doc.y = y + height + 4;
    doc
      .moveTo(MARGIN, doc.y - 2)
      .lineTo(MARGIN + width, doc.y - 2)
      .strokeColor('#dddddd')
      .stroke();
  };
  row(headings, true);
  invoice.lines.forEach((line, index) => {
    const taxes = invoice.intraState ? [rs(line.cgst), rs(line.sgst)] : [rs(line.igst)];
    row([
      String(index + 1),
      line.description,
      line.hsn,
      String(line.quantity),
      rs(line.taxableValue),
      `${line.rate}%`,
      ...taxes,
      rs(line.total),
    ]);
  });
  const totalTaxes = invoice.intraState
    ? [rs(invoice.totals.cgst), rs(invoice.totals.sgst)]
    : [rs(invoice.totals.igst)];
  row(
    ['', 'Total', '', '', rs(invoice.totals.taxableValue), '', ...totalTaxes, rs(invoice.totals.total)],
    true,
  );

  doc.moveDown(1);
  doc.font('Helvetica').fontSize(9);
  doc.text(
    `${credit ? 'Amount refunded' : 'Amount paid'}: ${rs(invoice.totals.total)} (prices include GST)`,
    MARGIN,
    doc.y,
    { width },
  );
  if (invoice.cashOnDelivery) doc.text(`Cash on delivery: ${rs(invoice.cashOnDelivery.collected)} collected`);
  if (invoice.couponCode)
    doc.text(`Coupon ${invoice.couponCode}: discounts are included in the line values.`);
  doc.text('Whether tax is payable under reverse charge: No');
  doc.moveDown(2);
  doc.text(`For ${invoice.seller.legalName}`, { align: 'right' });
  doc.moveDown(1.5);
  doc.text('Authorised Signatory', { align: 'right' });
  doc.moveDown(1);
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text(`This is a computer-generated ${credit ? 'credit note' : 'invoice'}.`, { align: 'center' });
  doc.fillColor('black');
}
