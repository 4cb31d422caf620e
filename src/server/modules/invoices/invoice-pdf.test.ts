import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../../shared/api/invoices';
import { TEST_INVOICE_SELLER } from '../../testing/invoice-fixtures';
import { LONG_ADDRESS } from '../../testing/long-address';
import { drawnText, drawnTextRuns, overlappingRuns } from '../../testing/pdf-text';
import { MARGIN, renderInvoicePdf } from './invoice-pdf';

const businessInvoice: Invoice = {
  number: 'UG/26-27/000042',
  issuedAt: '2026-11-20T06:00:00.000Z',
  orderNumber: 'RG-10042',
  seller: TEST_INVOICE_SELLER,
  buyer: {
    name: 'Kavya Reddy',
    email: 'kavya@example.in',
    gstin: '27AAPFU0939F1ZV',
    legalName: 'Reddy Softworks Private Limited',
  },
  deliveryAddress: [
    'Kavya Reddy',
    '3rd Floor, 80 Residency Road',
    'Bengaluru 560025, Karnataka',
    'Phone: 9845077777',
  ],
  placeOfSupply: { state: 'Karnataka', stateCode: '29' },
  intraState: true,
  couponCode: null,
  lines: [
    {
      description: 'Brass Diya',
      hsn: '7418',
      quantity: 50,
      rate: 12,
      taxableValue: 5357.14,
      cgst: 321.43,
      sgst: 321.43,
      igst: 0,
      total: 6000,
    },
  ],
  totals: { taxableValue: 5357.14, cgst: 321.43, sgst: 321.43, igst: 0, total: 6000 },
};

describe('the tax invoice PDF', () => {
  it('bills a business buyer with its legal name, address and GSTIN (Rule 46)', async () => {
    const text = drawnText(await renderInvoicePdf(businessInvoice));
    const billTo = text.slice(text.indexOf('Bill To'), text.indexOf('Ship To'));
    for (const line of [
      'Reddy Softworks Private Limited',
      'Kavya Reddy',
      '3rd Floor, 80 Residency Road',
      'Bengaluru 560025, Karnataka',
      'GSTIN: 27AAPFU0939F1ZV',
    ]) {
      expect(billTo).toContain(line);
    }
  });
});

describe('an invoice that holds any address (Rule 46: both addresses legible)', () => {
  const longAddressInvoice: Invoice = {
    ...businessInvoice,
    buyer: { ...businessInvoice.buyer, email: 'kavya.reddy.procurement.team@reddysoftworks.example.in' },
    deliveryAddress: ['Kavya Reddy', LONG_ADDRESS, 'Bengaluru 560066, Karnataka', 'Phone: 9845077777'],
  };

  it.each([
    ['the tax invoice', longAddressInvoice],
    [
      'a credit note',
      {
        ...longAddressInvoice,
        number: 'UG/CN/26-27/000007',
        creditNote: {
          invoiceNumber: longAddressInvoice.number,
          invoiceDate: longAddressInvoice.issuedAt,
          reason: 'Goods returned',
        },
      },
    ],
  ])('%s wraps a 250-character address inside its own column, overlapping nothing', async (_, invoice) => {
    expect(LONG_ADDRESS).toHaveLength(250);
    const pdf = await renderInvoicePdf(invoice);
    const runs = drawnTextRuns(pdf);
    expect(overlappingRuns(runs)).toEqual([]);
    const pageWidth = 595.28;
    for (const run of runs) {
      expect(run.left).toBeGreaterThanOrEqual(MARGIN - 1);
      expect(run.right).toBeLessThanOrEqual(pageWidth - MARGIN + 1);
    }
    // Bill To's lines end before Ship To's column begins.
    const at = (text: string) => runs.find((run) => run.text === text);
    const shipTo = at('Ship To')?.left ?? 0;
    const billTo = runs.filter(
      (run) =>
        run.left < shipTo &&
        run.bottom <= (at('Bill To')?.bottom ?? 0) &&
        run.bottom > (at('Description')?.bottom ?? 0),
    );
    expect(billTo.map((run) => run.text).join(' ')).toContain('Flat 1204');
    for (const run of billTo) expect(run.right).toBeLessThan(shipTo);
    // Every word of the address is printed, in both columns.
    const text = drawnText(pdf);
    for (const word of ['Whitefield', 'Hoodi', 'landmark:', 'Bloc']) {
      expect(text.split(word).length - 1).toBe(2);
    }
  });
});
