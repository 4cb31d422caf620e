import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { groupGiftContributions } from './tables';

// What payments asks of a group gift's shares (decision 0094).

/** For a query over payments: the payment paid a friend's share of a group gift (decision 0084). */
export function paysPoolShare(paymentId: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${groupGiftContributions} where ${groupGiftContributions.paymentId} = ${paymentId})`;
}

/** Decision 0084: the share paid through this provider order (its own); null when none is. */
export async function shareOfProviderOrder(runner: Queryable, providerOrderId: string) {
  const [share] = await runner
    .select({
      id: groupGiftContributions.id,
      amountPaise: groupGiftContributions.amountPaise,
      paymentId: groupGiftContributions.paymentId,
    })
    .from(groupGiftContributions)
    .where(eq(groupGiftContributions.providerOrderId, providerOrderId))
    .limit(1);
  return share ?? null;
}
