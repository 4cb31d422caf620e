import type { Invoice } from '../../../shared/api/invoices';
import type { InvoiceTotals, TaxedLine } from '../../../shared/gst';
import { toRupees } from '../../../shared/money';

/** Taxed lines and their totals in rupees, as an invoice and a credit note print them. */
export function invoiceFigures(
  lines: readonly TaxedLine[],
  totals: InvoiceTotals,
): Pick<Invoice, 'lines' | 'totals'> {
  return {
    lines: lines.map((line) => ({
      description: line.description,
      hsn: line.hsn,
      quantity: line.quantity,
      rate: line.rateBp / 100,
      taxableValue: toRupees(line.taxablePaise),
      cgst: toRupees(line.cgstPaise),
      sgst: toRupees(line.sgstPaise),
      igst: toRupees(line.igstPaise),
      total: toRupees(line.grossPaise),
    })),
    totals: {
      taxableValue: toRupees(totals.taxablePaise),
      cgst: toRupees(totals.cgstPaise),
      sgst: toRupees(totals.sgstPaise),
      igst: toRupees(totals.igstPaise),
      total: toRupees(totals.totalPaise),
    },
  };
}
