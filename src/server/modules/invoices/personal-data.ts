import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditNotes, invoices } from './tables';

/** Decision 0063: the numbers and dates of the invoices and credit notes of a shopper's orders. */
export async function taxDocumentsOf(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return { invoices: [], creditNotes: [] };
  const [invoiceRows, noteRows] = await Promise.all([
    db
      .select({ orderId: invoices.orderId, number: invoices.number, issuedAt: invoices.issuedAt })
      .from(invoices)
      .where(inArray(invoices.orderId, orderIds)),
    db
      .select({ orderId: creditNotes.orderId, number: creditNotes.number, issuedAt: creditNotes.issuedAt })
      .from(creditNotes)
      .where(inArray(creditNotes.orderId, orderIds)),
  ]);
  return { invoices: invoiceRows, creditNotes: noteRows };
}
