import PDFDocument from 'pdfkit';
import type { Invoice } from '../../../shared/api/invoices';
import { formatIndiaDate } from '../../../shared/india-time';
import { rs } from '../../pdf-amounts';

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

/**
 * What the total is: refunded by a credit note (none for a COD parcel that came back unpaid: it
 * only cancels the supply), paid for an invoice of an order paid online or collected, due for one
 * issued at a COD order's dispatch (decision 0050).
 */
function amountLabel(invoice: Invoice): string {
  if (invoice.creditNote)
    return invoice.cashOnDelivery?.payable !== undefined ? 'Amount credited' : 'Amount refunded';
  return invoice.cashOnDelivery?.payable !== undefined ? 'Amount due' : 'Amount paid';
}

/** Lays the invoice out from the current page's top (also in a bundle of many orders). */
export function drawInvoice(doc: PDFKit.PDFDocument, invoice: Invoice) {
  const credit = invoice.creditNote ?? null;
  const title = credit ? 'CREDIT NOTE' : 'TAX INVOICE';
  const width = doc.page.width - MARGIN * 2;
  doc.font('Helvetica-Bold').fontSize(16).text(title, { align: 'center' });
  doc.moveDown(0.5);

  // Two columns, each line laid out within its own column's width: a line given no width runs to
  // the page's right margin, over the other column (Rule 46 wants both addresses legible).
  const column = width / 2 - 10;
  const right = MARGIN + width / 2 + 10;
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(11).text(invoice.seller.legalName, MARGIN, top, { width: column });
  doc.font('Helvetica').fontSize(9);
  for (const line of [
    invoice.seller.address,
    `GSTIN: ${invoice.seller.gstin}`,
    `State: ${invoice.seller.state}${invoice.seller.stateCode ? ` (${invoice.seller.stateCode})` : ''}`,
  ])
    doc.text(line, MARGIN, doc.y, { width: column });
  const leftBottom = doc.y;

  doc.font('Helvetica').fontSize(9);
  const reference = credit
    ? [
        `Credit Note No: ${invoice.number}`,
        `Credit Note Date: ${formatIndiaDate(invoice.issuedAt)}`,
        `Against Invoice: ${credit.invoiceNumber} of ${formatIndiaDate(credit.invoiceDate)}`,
        `Reason: ${credit.reason}`,
      ]
    : [`Invoice No: ${invoice.number}`, `Invoice Date: ${formatIndiaDate(invoice.issuedAt)}`];
  doc.y = top;
  for (const line of [
    ...reference,
    `Order No: ${invoice.orderNumber}`,
    `Place of Supply: ${invoice.placeOfSupply.state}${invoice.placeOfSupply.stateCode ? ` (${invoice.placeOfSupply.stateCode})` : ''}`,
  ])
    doc.text(line, right, doc.y, { width: column });
  doc.y = Math.max(leftBottom, doc.y) + 12;

  const partiesTop = doc.y;
  doc.font('Helvetica-Bold').text('Bill To', MARGIN, partiesTop, { width: column });
  doc.font('Helvetica');
  // Rule 46(e): the recipient's address. The store asks for one address, where the order goes
  // (its lines after the name, before the phone).
  for (const line of [
    ...(invoice.buyer.legalName ? [invoice.buyer.legalName] : []),
    invoice.buyer.name,
    ...invoice.deliveryAddress.slice(1, -1),
    invoice.buyer.email,
    ...(invoice.buyer.gstin ? [`GSTIN: ${invoice.buyer.gstin}`] : []),
  ])
    doc.text(line, MARGIN, doc.y, { width: column });
  const billBottom = doc.y;
  doc.font('Helvetica-Bold').text('Ship To', right, partiesTop, { width: column });
  doc.font('Helvetica');
  for (const line of invoice.deliveryAddress) doc.text(line, right, doc.y, { width: column });
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
  doc.text(`${amountLabel(invoice)}: ${rs(invoice.totals.total)} (prices include GST)`, MARGIN, doc.y, {
    width,
  });
  const cod = invoice.cashOnDelivery;
  if (cod?.payable !== undefined)
    doc.text(`Payment: cash on delivery, ${rs(cod.payable)} payable to the courier on delivery`);
  else if (cod?.collected !== undefined) doc.text(`Cash on delivery: ${rs(cod.collected)} collected`);
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
