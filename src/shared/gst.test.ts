import { describe, expect, it } from 'vitest';
import {
  creditNoteNumber,
  financialYearOf,
  gstStateCode,
  invoiceNumber,
  isCreditedRefund,
  isIntraState,
  taxLines,
} from './gst';
import { INDIAN_STATES } from './indian-states';

describe('taxLines (tax-inclusive prices)', () => {
  it('takes CGST and SGST out of each line within the store’s state', () => {
    const { lines, totals } = taxLines(
      [{ description: 'Brass Diya Set', hsn: '7418', quantity: 2, grossPaise: 118_000, rateBp: 1800 }],
      true,
    );
    // ₹1,180 at 18% inclusive: ₹1,000 taxable, ₹90 + ₹90.
    expect(lines[0]).toMatchObject({
      taxablePaise: 100_000,
      cgstPaise: 9_000,
      sgstPaise: 9_000,
      igstPaise: 0,
    });
    expect(totals.totalPaise).toBe(118_000);
  });

  it('charges IGST to another state, and adds up to the paisa with odd amounts and mixed rates', () => {
    const paid = [
      { description: 'Silver Coin', hsn: '7106', quantity: 1, grossPaise: 99_999, rateBp: 300 },
      { description: 'Scented Candle', hsn: '3406', quantity: 3, grossPaise: 89_701, rateBp: 1200 },
      { description: 'Greeting Card', hsn: '4909', quantity: 1, grossPaise: 4_999, rateBp: 0 },
      { description: 'Shipping', hsn: '996812', quantity: 1, grossPaise: 5_000, rateBp: 1800 },
    ];
    for (const intraState of [true, false]) {
      const { lines, totals } = taxLines(paid, intraState);
      for (const line of lines) {
        expect(line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise).toBe(line.grossPaise);
      }
      expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(199_699);
      expect(totals.totalPaise).toBe(199_699);
      expect(intraState ? totals.igstPaise : totals.cgstPaise + totals.sgstPaise).toBe(0);
    }
    // ₹999.99 at 3%: ₹970.86 taxable and ₹29.13 tax.
    expect(taxLines([paid[0]!], false).lines[0]).toMatchObject({ taxablePaise: 97_086, igstPaise: 2_913 });
  });
});

describe('states and invoice numbers', () => {
  it('knows the store’s state however it is written, and the GST state codes', () => {
    expect(isIntraState('Karnataka', ' karnataka ')).toBe(true);
    expect(isIntraState('Karnataka', 'Delhi')).toBe(false);
    expect(gstStateCode('Karnataka')).toBe('29');
    expect(gstStateCode('Jammu and Kashmir')).toBe('01');
    expect(gstStateCode('Atlantis')).toBeNull();
  });

  it('has a GST state code for every State the address form offers', () => {
    expect(INDIAN_STATES.filter((state) => gstStateCode(state) === null)).toEqual([]);
    expect(gstStateCode('Dadra and Nagar Haveli and Daman and Diu')).toBe('26');
  });

  it('numbers credit notes in a series of their own, and credits only returns and cancellations', () => {
    expect(creditNoteNumber('2031-32', 7)).toBe('CN/31-32/000007');
    expect(['return', 'cancelled', 'duplicate', 'amount_mismatch'].map(isCreditedRefund)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('numbers invoices by India’s financial year, April to March in India time', () => {
    expect(financialYearOf(new Date('2032-03-31T18:29:59.999Z'))).toBe('2031-32');
    expect(financialYearOf(new Date('2032-03-31T18:30:00.000Z'))).toBe('2032-33');
    expect(invoiceNumber('UG', '2031-32', 42)).toBe('UG/31-32/000042');
    expect(invoiceNumber('UGX', '2031-32', 999_999).length).toBeLessThanOrEqual(16);
  });
});
