import { indiaYearMonth } from './india-time';
import type { Paise } from './money';

// GST tax invoice: store prices are tax-inclusive, so each invoice line's tax is taken
// out of what the customer paid for it. Rates are in basis points (1800 = 18%) so that 0.25% and
// 3% (gold, silver) fit as well as the usual 5, 18 and 40%.

export const DEFAULT_GST_RATE_BP = 1800;
/**
 * The goods rates in force since 22 September 2025 (Notification 9/2025-Central Tax (Rate) and its
 * IGST twin; decision 0059): nil, 0.25%, 3%, 5%, 18% and 40%.
 */
export const GST_RATES_BP = [0, 25, 300, 500, 1800, 4000] as const;
/**
 * The slabs that schedule removed. A category or product still at one keeps it (and its invoices
 * keep stating it) until the owner confirms a current rate: the back office lists them, never
 * refuses them (decision 0059).
 */
export const RETIRED_GST_RATES_BP = [1200, 2800] as const;
export const isRetiredGstRate = (rateBp: number) =>
  (RETIRED_GST_RATES_BP as readonly number[]).includes(rateBp);
// Courier services for the shipping charge (SAC 9968), taxed at 18%.
export const SHIPPING_SAC = '996812';
export const SHIPPING_GST_RATE_BP = 1800;

/** GST state codes by the names India Post's directory uses (first two digits of a GSTIN). */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  'jammu & kashmir': '01',
  'himachal pradesh': '02',
  punjab: '03',
  chandigarh: '04',
  uttarakhand: '05',
  haryana: '06',
  delhi: '07',
  rajasthan: '08',
  'uttar pradesh': '09',
  bihar: '10',
  sikkim: '11',
  'arunachal pradesh': '12',
  nagaland: '13',
  manipur: '14',
  mizoram: '15',
  tripura: '16',
  meghalaya: '17',
  assam: '18',
  'west bengal': '19',
  jharkhand: '20',
  odisha: '21',
  chattisgarh: '22',
  chhattisgarh: '22',
  'madhya pradesh': '23',
  gujarat: '24',
  'daman & diu': '26',
  'dadra & nagar haveli': '26',
  maharashtra: '27',
  karnataka: '29',
  goa: '30',
  lakshadweep: '31',
  kerala: '32',
  'tamil nadu': '33',
  pondicherry: '34',
  puducherry: '34',
  'andaman & nicobar': '35',
  // The names the address form offers today (shared/indian-states.ts).
  'andaman & nicobar islands': '35',
  'dadra & nagar haveli & daman & diu': '26',
  telangana: '36',
  'andhra pradesh': '37',
  ladakh: '38',
};

const stateKey = (state: string) =>
  state
    .trim()
    .toLowerCase()
    .replace(/\s+and\s+/g, ' & ')
    .replace(/\s+/g, ' ');

export const gstStateCode = (state: string): string | null => GST_STATE_CODES[stateKey(state)] ?? null;

/** CGST + SGST within the store's own state; IGST for any other place of supply. */
export const isIntraState = (storeState: string, deliveryState: string) =>
  stateKey(storeState) === stateKey(deliveryState);

export type TaxableLine = {
  description: string;
  hsn: string;
  quantity: number;
  /** What the customer paid for the whole line, tax included, after any discount. */
  grossPaise: Paise;
  rateBp: number;
};

export type TaxedLine = TaxableLine & {
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
};

export type InvoiceTotals = {
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  totalPaise: Paise;
};

/**
 * Splits each tax-inclusive line into its taxable value and GST, rounded to the paisa so that
 * taxable + tax is exactly what was paid for the line; CGST and SGST halve the tax (the odd
 * paisa to SGST). The totals therefore add up to the amount paid, to the paisa.
 */
export function taxLines(
  lines: readonly TaxableLine[],
  intraState: boolean,
): { lines: TaxedLine[]; totals: InvoiceTotals } {
  const taxed = lines.map((line): TaxedLine => {
    const taxablePaise = Math.round((line.grossPaise * 10_000) / (10_000 + line.rateBp));
    const tax = line.grossPaise - taxablePaise;
    const cgstPaise = intraState ? Math.floor(tax / 2) : 0;
    return {
      ...line,
      taxablePaise,
      cgstPaise,
      sgstPaise: intraState ? tax - cgstPaise : 0,
      igstPaise: intraState ? 0 : tax,
    };
  });
  const sum = (pick: (line: TaxedLine) => number) => taxed.reduce((total, line) => total + pick(line), 0);
  return {
    lines: taxed,
    totals: {
      taxablePaise: sum((line) => line.taxablePaise),
      cgstPaise: sum((line) => line.cgstPaise),
      sgstPaise: sum((line) => line.sgstPaise),
      igstPaise: sum((line) => line.igstPaise),
      totalPaise: sum((line) => line.grossPaise),
    },
  };
}

/** India's financial year (April to March) of an instant, in India time: '2031-32'. */
export function financialYearOf(instant: Date): string {
  const { year, month } = indiaYearMonth(instant);
  const start = month >= 3 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * 'UG/31-32/000042': a prefix of up to 3 characters, the financial year and its running number,
 * within GST's 16-character limit for an invoice's serial number.
 */
export const invoiceNumber = (prefix: string, financialYear: string, sequence: number) =>
  `${prefix}/${financialYear.slice(2)}/${String(sequence).padStart(6, '0')}`;

export const formatRateBp = (rateBp: number) => `${rateBp / 100}%`;

/** Credit notes (a refund of what an invoice charged) have a series of their own: 'CN/31-32/000007'. */
export const creditNoteNumber = (financialYear: string, sequence: number) =>
  invoiceNumber('CN', financialYear, sequence);

/**
 * The refunds that reduce an invoiced supply, and so take a credit note: goods returned, an order
 * cancelled. A second payment given back (or one that missed the order) never was a supply.
 */
const CREDIT_NOTE_REASONS: Readonly<Record<string, string>> = {
  return: 'Goods returned',
  cancelled: 'Order cancelled',
  // CGST s.34: goods that came back undelivered (RTO) were not supplied.
  undelivered: 'Returned undelivered',
};

export const isCreditedRefund = (reason: string) => reason in CREDIT_NOTE_REASONS;
export const creditNoteReason = (reason: string) => CREDIT_NOTE_REASONS[reason] ?? 'Refund';
