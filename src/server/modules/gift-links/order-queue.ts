import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { giftLinks } from './tables';

// What the back office's order list asks of an order's gift link (decision 0094).

/**
 * Decision 0081: the order's gift link still waits for its recipient (to be paid, opened or
 * answered, or it expired unanswered); such an order waits in its own queue, off the order list.
 */
export function giftLinkWaits(orderId: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${giftLinks} where ${giftLinks.orderId} = ${orderId} and ${giftLinks.state} in ('awaiting_payment', 'sent', 'opened', 'expired'))`;
}

/** When the owner was told the order's link was opened from many devices; null when never or no link. */
export async function giftLinkFlaggedAt(db: Db, orderId: string): Promise<Date | null> {
  const [link] = await db
    .select({ flaggedAt: giftLinks.flaggedAt })
    .from(giftLinks)
    .where(eq(giftLinks.orderId, orderId));
  return link?.flaggedAt ?? null;
}
