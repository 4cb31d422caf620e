import { and, asc, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { Invoice } from '../../../shared/api/invoices';
import type { Db } from '../../db/client';
import { creditNotes, invoices } from './tables';

// The documents as issued, for the reports that read them (the sales register, decision 0094).

/** The invoices and credit notes issued in [start, end), each as issued, in number order. */
export async function documentsIssuedBetween(db: Db, start: Date, end: Date) {
  const [invoiceRows, noteRows] = await Promise.all([
    db
      .select({ data: invoices.data })
      .from(invoices)
      .where(and(gte(invoices.issuedAt, start), lt(invoices.issuedAt, end)))
      .orderBy(asc(invoices.issuedAt), asc(invoices.id)),
    db
      .select({ data: creditNotes.data })
      .from(creditNotes)
      .where(and(gte(creditNotes.issuedAt, start), lt(creditNotes.issuedAt, end)))
      .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.id)),
  ]);
  return {
    invoices: invoiceRows.map((row) => row.data as Invoice),
    creditNotes: noteRows.map((row) => row.data as Invoice),
  };
}

/** The invoices with these numbers, as issued (in no set order). */
export async function invoicesNumbered(db: Db, numbers: string[]): Promise<Invoice[]> {
  if (numbers.length === 0) return [];
  const rows = await db
    .select({ data: invoices.data })
    .from(invoices)
    .where(inArray(invoices.number, numbers));
  return rows.map((row) => row.data as Invoice);
}

/** The orders' invoices in force (none superseded), as issued, by order id; an order without one is left out. */
export async function currentInvoicesOf(db: Db, orderIds: readonly string[]): Promise<Map<string, Invoice>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: invoices.orderId, data: invoices.data })
    .from(invoices)
    .where(and(inArray(invoices.orderId, [...orderIds]), isNull(invoices.supersededAt)));
  return new Map(rows.map((row) => [row.orderId, row.data as Invoice]));
}
