import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderQuotes } from './tables';

/**
 * What invoices ask of a quote (decision 0094): the business buyer the order's quote was sent with
 * (its bulk enquiry's unless the owner typed others, decision 0038); null for an order no quote made.
 */
export async function quotedBuyerOf(
  runner: Queryable,
  orderId: string,
): Promise<{ gstin: string | null; legalName: string | null } | null> {
  const [quote] = await runner
    .select({ gstin: orderQuotes.buyerGstin, legalName: orderQuotes.buyerLegalName })
    .from(orderQuotes)
    .where(eq(orderQuotes.orderId, orderId));
  return quote ?? null;
}
