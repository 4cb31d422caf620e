import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { giftLinkBatches, orders } from './tables';

// What invoices ask of an order (decision 0094), in their own transaction.

/**
 * Decision 0090: the GSTIN and legal name a gift batch was paid with, which each of its orders'
 * invoices carries (CGST Rule 46(d)); null when there is no such batch.
 */
export async function giftBatchBuyerOf(
  runner: Queryable,
  batchId: string,
): Promise<{ gstin: string | null; legalName: string | null } | null> {
  const [batch] = await runner
    .select({ gstin: giftLinkBatches.buyerGstin, legalName: giftLinkBatches.buyerLegalName })
    .from(giftLinkBatches)
    .where(eq(giftLinkBatches.id, batchId));
  return batch ?? null;
}

/** For a query over another module's rows: the order `orderId` names is the customer's own. */
export function placedBy(orderId: AnyPgColumn, userId: number): SQL {
  return sql`exists (select 1 from ${orders} where ${orders.id} = ${orderId} and ${orders.userId} = ${userId})`;
}
