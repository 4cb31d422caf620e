import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { CreditNoteSummary, Invoice } from '../../../shared/api/invoices';
import {
  creditNoteNumber,
  creditNoteReason,
  financialYearOf,
  isCreditedRefund,
  taxLines,
} from '../../../shared/gst';
import { type Paise, toPaise } from '../../../shared/money';
import type { Queryable, Tx } from '../../db/client';
import { type MoneyLine, recordMoney } from '../money-ledger';
import { orderLinesOf } from '../orders';
import { invoiceFigures } from './invoice-figures';
import { creditNoteCounters, creditNotes, invoices } from './tables';

/**
 * Splits `paise` over the lines in proportion to what each was paid (largest remainder), so the
 * parts add up to `paise` exactly and none is above its line's share by more than a paisa.
 */
export function allocate(paise: Paise, weights: readonly Paise[]): Paise[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (paise * weight) / total);
  const parts = exact.map(Math.floor);
  let left = paise - parts.reduce((sum, part) => sum + part, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/**
 * The credit note of a refund of `paise` against the invoice: its lines are the refund's shares,
 * in proportion to `weights` (one per invoice line).
 */
function creditNoteOf(
  invoice: Invoice,
  number: string,
  paise: Paise,
  weights: readonly Paise[],
  reason: string,
  at: Date,
): Invoice {
  const shares = allocate(paise, weights);
  const { lines, totals } = taxLines(
    invoice.lines.map((line, index) => ({
      description: line.description,
      hsn: line.hsn,
      quantity: line.quantity,
      grossPaise: shares[index] ?? 0,
      rateBp: Math.round(line.rate * 100),
    })),
    invoice.intraState,
  );
  return {
    ...invoice,
    number,
    issuedAt: at.toISOString(),
    creditNote: { invoiceNumber: invoice.number, invoiceDate: invoice.issuedAt, reason },
    ...invoiceFigures(
      lines.filter((line) => line.grossPaise > 0),
      totals,
    ),
  };
}

/**
 * Records a refund in the money ledger and, when it gives back what an invoice charged (a return,
 * a cancellation), issues its GST credit note in the same transaction, once per ledger line. An
 * order without an invoice has nothing to credit.
 */
export async function recordRefund(
  tx: Tx,
  line: MoneyLine & { kind: 'refunded' },
  /** The returned lines and what they cost the customer; without them every line is credited in proportion. */
  returned: readonly { orderItemId: number; amountPaise: Paise }[] = [],
  /** Decision 0051: the delivery charges given back with them (a faulty or late item's return). */
  deliveryPaise: Paise = 0,
): Promise<void> {
  const ledgerId = await recordMoney(tx, line);
  if (ledgerId === null || !isCreditedRefund(line.reason)) return;
  await issueCreditNote(tx, {
    orderId: line.orderId,
    ledgerId,
    paise: line.amountPaise,
    reason: creditNoteReason(line.reason),
    at: line.at,
    returned,
    deliveryPaise,
  });
}

/**
 * CGST s.34: a cash on delivery parcel invoiced at dispatch (s.31(1)(a)) that comes back to the
 * store undelivered was never supplied, so its whole invoice is credited; no money moved, so the
 * note stands on no ledger line. Once per order (a unique index), however often the scan comes.
 */
export async function creditUndeliveredInvoice(tx: Tx, orderId: string, at: Date): Promise<void> {
  const [invoice] = await tx
    .select({ id: invoices.id, total: sql<number>`(${invoices.data} -> 'totals' ->> 'total')::numeric` })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), isNull(invoices.supersededAt)));
  if (!invoice) return;
  const [already] = await tx
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(and(eq(creditNotes.invoiceId, invoice.id), isNull(creditNotes.ledgerId)));
  if (already) return;
  await issueCreditNote(tx, {
    orderId,
    ledgerId: null,
    paise: toPaise(Number(invoice.total)),
    reason: UNDELIVERED_CREDIT_REASON,
    at,
    returned: [],
    deliveryPaise: 0,
  });
}

/**
 * Decision 0066: the order's current invoice credited in full and marked superseded, before a new
 * one is issued for an address edited before dispatch (CGST s.34: the invoice's place of supply
 * and tax no longer describe the supply). No money moved, so the note stands on no ledger line.
 * Answers whether there was an invoice to replace.
 */
export async function supersedeInvoice(
  tx: Tx,
  orderId: string,
  at: Date,
  reason: string = SUPERSEDED_CREDIT_REASON,
): Promise<boolean> {
  const [invoice] = await tx
    .select({ id: invoices.id, total: sql<number>`(${invoices.data} -> 'totals' ->> 'total')::numeric` })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), isNull(invoices.supersededAt)))
    .for('update');
  if (!invoice) return false;
  await issueCreditNote(tx, {
    orderId,
    ledgerId: null,
    paise: toPaise(Number(invoice.total)),
    reason,
    at,
    returned: [],
    deliveryPaise: 0,
  });
  await tx.update(invoices).set({ supersededAt: at }).where(eq(invoices.id, invoice.id));
  return true;
}

export const SUPERSEDED_CREDIT_REASON = 'Delivery address changed before dispatch: replaced by a new invoice';

export const UNDELIVERED_CREDIT_REASON = 'Returned undelivered (cash on delivery not collected)';

/**
 * A GST credit note of `paise` against the order's invoice, numbered in its own series per
 * financial year without gaps (the counter row stays locked until the transaction ends).
 */
async function issueCreditNote(
  tx: Tx,
  note: {
    orderId: string;
    ledgerId: number | null;
    paise: Paise;
    reason: string;
    at: Date;
    returned: readonly { orderItemId: number; amountPaise: Paise }[];
    deliveryPaise: Paise;
  },
): Promise<void> {
  const [invoice] = await tx
    .select({ id: invoices.id, data: invoices.data })
    .from(invoices)
    .where(and(eq(invoices.orderId, note.orderId), isNull(invoices.supersededAt)));
  if (!invoice) return;
  const financialYear = financialYearOf(note.at);
  const [counter] = await tx
    .insert(creditNoteCounters)
    .values({ financialYear, lastSequence: 1 })
    .onConflictDoUpdate({
      target: creditNoteCounters.financialYear,
      set: { lastSequence: sql`${creditNoteCounters.lastSequence} + 1` },
    })
    .returning({ sequence: creditNoteCounters.lastSequence });
  if (!counter) throw new Error('The credit note counter gave no number');
  const number = creditNoteNumber(financialYear, counter.sequence);
  const issued = invoice.data as Invoice;
  const data = creditNoteOf(
    issued,
    number,
    note.paise,
    await weightsOf(tx, note.orderId, issued, note.returned, note.deliveryPaise),
    note.reason,
    note.at,
  );
  await tx.insert(creditNotes).values({
    orderId: note.orderId,
    invoiceId: invoice.id,
    ledgerId: note.ledgerId,
    number,
    financialYear,
    sequence: counter.sequence,
    issuedAt: note.at,
    data,
  });
}

/**
 * What each invoice line weighs in a refund: the returned items' amounts on their lines (the
 * invoice lists the order's items in id order, then its delivery charges), and the delivery
 * charges given back on theirs in proportion to what each was (decision 0051); else what each line
 * was paid.
 */
async function weightsOf(
  tx: Tx,
  orderId: string,
  invoice: Invoice,
  returned: readonly { orderItemId: number; amountPaise: Paise }[],
  deliveryPaise: Paise,
): Promise<Paise[]> {
  const paid = invoice.lines.map((line) => toPaise(line.total));
  if (returned.length === 0 && deliveryPaise === 0) return paid;
  const items = await orderLinesOf(tx, orderId);
  const byItem = new Map<number, Paise>();
  for (const item of returned)
    byItem.set(item.orderItemId, (byItem.get(item.orderItemId) ?? 0) + item.amountPaise);
  const deliveryLines = paid.map((total, index) => (index >= items.length ? total : 0));
  const deliveryShares = allocate(deliveryPaise, deliveryLines);
  const weights = invoice.lines.map(
    (_, index) => (byItem.get(items[index]?.id ?? -1) ?? 0) + (deliveryShares[index] ?? 0),
  );
  return weights.some((weight) => weight > 0) ? weights : paid;
}

export async function creditNotesOf(runner: Queryable, orderId: string): Promise<CreditNoteSummary[]> {
  const rows = await runner
    .select({
      id: creditNotes.id,
      number: creditNotes.number,
      issuedAt: creditNotes.issuedAt,
      data: creditNotes.data,
    })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(asc(creditNotes.id));
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    total: (row.data as Invoice).totals.total,
  }));
}

/** The credit note as issued, with its PDF once laid out (null before its first download). */
export async function creditNoteById(runner: Queryable, id: number) {
  const [row] = await runner
    .select({ data: creditNotes.data, pdf: creditNotes.pdf })
    .from(creditNotes)
    .where(eq(creditNotes.id, id));
  return row ? { note: row.data as Invoice, pdf: row.pdf } : null;
}

/** Keeps the first PDF laid out, so the legal document never changes (as invoices' PDFs). */
export async function storeCreditNotePdf(runner: Queryable, id: number, pdf: Buffer): Promise<Buffer> {
  const [saved] = await runner
    .update(creditNotes)
    .set({ pdf })
    .where(and(eq(creditNotes.id, id), isNull(creditNotes.pdf)))
    .returning({ id: creditNotes.id });
  if (saved) return pdf;
  const stored = await creditNoteById(runner, id);
  return stored?.pdf ? Buffer.from(stored.pdf) : pdf;
}
