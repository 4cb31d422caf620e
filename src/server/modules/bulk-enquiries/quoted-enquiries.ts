import { eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { bulkEnquiries } from './tables';

// What the quotes module asks of an enquiry it answers (decisions 0017, 0094).

export type BulkEnquiryRow = typeof bulkEnquiries.$inferSelect;

/** The enquiry a quote answers; null when there is none with this id. */
export async function enquiryOf(runner: Queryable, enquiryId: number): Promise<BulkEnquiryRow | null> {
  const [enquiry] = await runner.select().from(bulkEnquiries).where(eq(bulkEnquiries.id, enquiryId));
  return enquiry ?? null;
}

/** The enquiry was answered with a quote, in the quote's transaction. */
export async function markEnquiryQuoted(tx: Tx, enquiryId: number, at: Date): Promise<void> {
  await tx
    .update(bulkEnquiries)
    .set({ status: 'quoted', updatedAt: at })
    .where(eq(bulkEnquiries.id, enquiryId));
}
