import type { Invoice } from '../../../shared/api/invoices';
import { INDIA_TIME_ZONE, indiaDayStart } from '../../../shared/india-time';
import { type Paise, toPaise } from '../../../shared/money';
import { B2CL_LIMIT_PAISE } from '../../../shared/sales-register';
import { guardFormula, rupeesCell, toCsv } from '../../csv';
import type { Db } from '../../db/client';
import { documentsIssuedBetween, invoicesNumbered } from '../invoices';

/** Taxable value and tax of a group of lines, in paise. */
type Amounts = { value: Paise; taxable: Paise; igst: Paise; cgst: Paise; sgst: Paise };
const zero = (): Amounts => ({ value: 0, taxable: 0, igst: 0, cgst: 0, sgst: 0 });
/** Adds a line's amounts; `sign` -1 takes a credit note's line off. */
const add = (into: Amounts, line: Invoice['lines'][number], sign: 1 | -1 = 1) => {
  into.value += sign * toPaise(line.total);
  into.taxable += sign * toPaise(line.taxableValue);
  into.igst += sign * toPaise(line.igst);
  into.cgst += sign * toPaise(line.cgst);
  into.sgst += sign * toPaise(line.sgst);
};
const rupees = rupeesCell;
const taxCells = (amounts: Amounts) => [
  rupees(amounts.taxable),
  rupees(amounts.igst),
  rupees(amounts.cgst),
  rupees(amounts.sgst),
];

/** GSTR-1's date format: 05-Mar-2032, in India time. */
const gstDate = (iso: string) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: INDIA_TIME_ZONE,
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')}`;
};
const placeOf = (document: Invoice) =>
  document.placeOfSupply.stateCode
    ? `${document.placeOfSupply.stateCode}-${document.placeOfSupply.state}`
    : document.placeOfSupply.state;

/** The lines of a document grouped by GST rate, in rate order. */
function byRate(document: Invoice): [number, Amounts][] {
  const groups = new Map<number, Amounts>();
  for (const line of document.lines) {
    const amounts = groups.get(line.rate) ?? zero();
    add(amounts, line);
    groups.set(line.rate, amounts);
  }
  return [...groups].sort(([a], [b]) => a - b);
}

type Kind = 'b2b' | 'b2cl' | 'b2cs';
/** Where GSTR-1 reports an invoice (and the credit notes against it). */
function kindOf(invoice: Invoice): Kind {
  if (invoice.buyer.gstin) return 'b2b';
  if (!invoice.intraState && toPaise(invoice.totals.total) > B2CL_LIMIT_PAISE) return 'b2cl';
  return 'b2cs';
}

/** Rows summed by a key (B2CS by place and rate; HSN by code and rate). */
function grouped<T>(
  keyOf: (item: T) => string,
  items: readonly T[],
  addTo: (into: Amounts & { quantity: number }, item: T) => void,
) {
  const groups = new Map<string, Amounts & { quantity: number; first: T }>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key) ?? { ...zero(), quantity: 0, first: item };
    addTo(group, item);
    groups.set(key, group);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, group]) => group);
}

type Section = { name: string; header: string[]; rows: string[][] };

/**
 * The register of a month's invoices and credit notes: b2b (per invoice and rate, with the
 * buyer's GSTIN), b2cl (inter-state invoices to consumers above the limit), b2cs (the other
 * consumer invoices by place of supply and rate), hsn (by code and rate), cdnr (notes to
 * registered buyers), cdnur (notes against b2cl invoices) and cdn-b2cs (notes against b2cs
 * invoices, by place and rate: GSTR-1 nets them into b2cs). The summary's invoice rows add up
 * to every invoice of the month, to the paisa, as do b2b + b2cl + b2cs; the hsn table is the
 * invoices less the month's credit notes, as GSTR-1's table 12 reports supplies net of notes.
 */
export function salesRegisterCsv(
  monthInvoices: readonly Invoice[],
  monthNotes: readonly Invoice[],
  /** The invoices of earlier months that this month's notes are against. */
  notedInvoices: readonly Invoice[] = [],
): string {
  const invoiceKinds = new Map(
    [...notedInvoices, ...monthInvoices].map((invoice) => [invoice.number, kindOf(invoice)]),
  );
  // A note is reported where its invoice was: a note of ₹5,000 against a ₹1,20,000 B2CL invoice
  // is a cdnur row, though its own total is under the B2CL limit. A note whose invoice is not
  // found is judged by itself.
  const noteKind = (note: Invoice): Kind =>
    invoiceKinds.get(note.creditNote?.invoiceNumber ?? '') ?? kindOf(note);

  const totals = new Map<string, Amounts & { documents: number }>();
  const count = (section: string, document: Invoice) => {
    const sum = totals.get(section) ?? { ...zero(), documents: 0 };
    sum.documents += 1;
    for (const line of document.lines) add(sum, line);
    totals.set(section, sum);
  };

  const b2b: string[][] = [];
  const b2cl: string[][] = [];
  const b2csLines: { place: string; rate: number; amounts: Amounts }[] = [];
  const hsnLines: { line: Invoice['lines'][number]; sign: 1 | -1 }[] = [];
  for (const invoice of monthInvoices) {
    const kind = kindOf(invoice);
    count(kind, invoice);
    for (const line of invoice.lines) hsnLines.push({ line, sign: 1 });
    for (const [rate, amounts] of byRate(invoice)) {
      if (kind === 'b2b') {
        b2b.push([
          invoice.buyer.gstin ?? '',
          guardFormula(invoice.buyer.legalName ?? invoice.buyer.name),
          invoice.number,
          gstDate(invoice.issuedAt),
          invoice.totals.total.toFixed(2),
          placeOf(invoice),
          'N',
          'Regular B2B',
          String(rate),
          ...taxCells(amounts),
        ]);
      } else if (kind === 'b2cl') {
        b2cl.push([
          invoice.number,
          gstDate(invoice.issuedAt),
          invoice.totals.total.toFixed(2),
          placeOf(invoice),
          String(rate),
          ...taxCells(amounts),
        ]);
      } else {
        b2csLines.push({ place: placeOf(invoice), rate, amounts });
      }
    }
  }

  const cdnr: string[][] = [];
  const cdnur: string[][] = [];
  const cdnB2csLines: { place: string; rate: number; amounts: Amounts }[] = [];
  for (const note of monthNotes) {
    const kind = noteKind(note);
    const section = kind === 'b2b' ? 'cdnr' : kind === 'b2cl' ? 'cdnur' : 'cdn-b2cs';
    count(section, note);
    for (const line of note.lines) hsnLines.push({ line, sign: -1 });
    for (const [rate, amounts] of byRate(note)) {
      const noteCells = [note.number, gstDate(note.issuedAt), 'C', placeOf(note)];
      if (kind === 'b2b') {
        cdnr.push([
          note.buyer.gstin ?? '',
          guardFormula(note.buyer.legalName ?? note.buyer.name),
          ...noteCells,
          'N',
          'Regular B2B',
          note.creditNote?.invoiceNumber ?? '',
          note.totals.total.toFixed(2),
          String(rate),
          ...taxCells(amounts),
        ]);
      } else if (kind === 'b2cl') {
        cdnur.push([
          'B2CL',
          ...noteCells,
          note.creditNote?.invoiceNumber ?? '',
          note.totals.total.toFixed(2),
          String(rate),
          ...taxCells(amounts),
        ]);
      } else {
        cdnB2csLines.push({ place: placeOf(note), rate, amounts });
      }
    }
  }

  const byPlaceAndRate = (lines: typeof b2csLines) =>
    grouped(
      (line) => `${line.place}|${String(line.rate).padStart(6, '0')}`,
      lines,
      (into, line) => {
        for (const key of ['value', 'taxable', 'igst', 'cgst', 'sgst'] as const)
          into[key] += line.amounts[key];
      },
    ).map((group) => ['OE', group.first.place, String(group.first.rate), ...taxCells(group)]);

  const hsn = grouped(
    ({ line }) => `${line.hsn}|${String(line.rate).padStart(6, '0')}`,
    hsnLines,
    (into, { line, sign }) => {
      add(into, line, sign);
      // A note's line repeats the invoice line's quantity (its amount is the refund's share), so
      // the units supplied stay as invoiced: only the values are netted.
      if (sign === 1) into.quantity += line.quantity;
    },
  ).map((group) => [
    group.first.line.hsn,
    guardFormula(group.first.line.description),
    // Services (SAC codes start 99) have no unit of quantity.
    group.first.line.hsn.startsWith('99') ? 'NA' : 'NOS-NUMBERS',
    String(group.quantity),
    rupees(group.value),
    String(group.first.line.rate),
    ...taxCells(group),
  ]);

  const TAX_HEADER = ['Taxable Value', 'Integrated Tax Amount', 'Central Tax Amount', 'State/UT Tax Amount'];
  const summaryRow = (section: string) => {
    const sum = totals.get(section) ?? { ...zero(), documents: 0 };
    return [section, String(sum.documents), rupees(sum.value), ...taxCells(sum)];
  };
  const sumOf = (sections: string[], label: string) => {
    const all = { ...zero(), documents: 0 };
    for (const section of sections) {
      const sum = totals.get(section);
      if (!sum) continue;
      all.documents += sum.documents;
      for (const key of ['value', 'taxable', 'igst', 'cgst', 'sgst'] as const) all[key] += sum[key];
    }
    return [label, String(all.documents), rupees(all.value), ...taxCells(all)];
  };

  const sections: Section[] = [
    {
      name: 'b2b',
      header: [
        'GSTIN/UIN of Recipient',
        'Receiver Name',
        'Invoice Number',
        'Invoice date',
        'Invoice Value',
        'Place Of Supply',
        'Reverse Charge',
        'Invoice Type',
        'Rate',
        ...TAX_HEADER,
      ],
      rows: b2b,
    },
    {
      name: 'b2cl',
      header: ['Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', 'Rate', ...TAX_HEADER],
      rows: b2cl,
    },
    {
      name: 'b2cs',
      header: ['Type', 'Place Of Supply', 'Rate', ...TAX_HEADER],
      rows: byPlaceAndRate(b2csLines),
    },
    {
      name: 'hsn',
      header: ['HSN', 'Description', 'UQC', 'Total Quantity', 'Total Value', 'Rate', ...TAX_HEADER],
      rows: hsn,
    },
    {
      name: 'cdnr',
      header: [
        'GSTIN/UIN of Recipient',
        'Receiver Name',
        'Note Number',
        'Note Date',
        'Note Type',
        'Place Of Supply',
        'Reverse Charge',
        'Note Supply Type',
        'Original Invoice Number',
        'Note Value',
        'Rate',
        ...TAX_HEADER,
      ],
      rows: cdnr,
    },
    {
      name: 'cdnur',
      header: [
        'UR Type',
        'Note Number',
        'Note Date',
        'Note Type',
        'Place Of Supply',
        'Original Invoice Number',
        'Note Value',
        'Rate',
        ...TAX_HEADER,
      ],
      rows: cdnur,
    },
    {
      name: 'cdn-b2cs',
      header: ['Type', 'Place Of Supply', 'Rate', ...TAX_HEADER],
      rows: byPlaceAndRate(cdnB2csLines),
    },
    {
      name: 'summary',
      header: ['Section', 'Documents', 'Value', ...TAX_HEADER],
      rows: [
        summaryRow('b2b'),
        summaryRow('b2cl'),
        summaryRow('b2cs'),
        sumOf(['b2b', 'b2cl', 'b2cs'], 'invoices'),
        summaryRow('cdnr'),
        summaryRow('cdnur'),
        summaryRow('cdn-b2cs'),
        sumOf(['cdnr', 'cdnur', 'cdn-b2cs'], 'credit notes'),
      ],
    },
  ];
  // Each table as GSTR-1's sheet of that name: its name, its header, its rows, then a blank line.
  return toCsv(sections.flatMap((section) => [[section.name], section.header, ...section.rows, []]));
}

/** The invoices and credit notes issued in an India-time month ('2032-03'), in number order. */
export async function salesRegisterOf(db: Db, month: string): Promise<string> {
  const start = indiaDayStart(`${month}-01`);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  const end = indiaDayStart(`${next}-01`);
  const { invoices: monthInvoices, creditNotes: notes } = await documentsIssuedBetween(db, start, end);
  const issued = new Set(monthInvoices.map((invoice) => invoice.number));
  const earlier = [
    ...new Set(notes.map((note) => note.creditNote?.invoiceNumber ?? '').filter((n) => n && !issued.has(n))),
  ];
  return salesRegisterCsv(monthInvoices, notes, await invoicesNumbered(db, earlier));
}
