import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../../shared/api/invoices';
import { TEST_INVOICE_SELLER } from '../../testing/invoice-fixtures';
import { drawnText } from '../../testing/pdf-text';
import { renderInvoicePdf } from './invoice-pdf';

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
