import { inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderQuotes } from './tables';

// What other modules ask of quotes (decision 0094), in their own transaction.

/** Which of these orders are quotes (decision 0017). */
export async function quotedAmong(runner: Queryable, orderIds: readonly string[]): Promise<Set<string>> {
  const quotes =
    orderIds.length === 0
      ? []
      : await runner
          .select({ orderId: orderQuotes.orderId })
          .from(orderQuotes)
          .where(inArray(orderQuotes.orderId, [...orderIds]));
  return new Set(quotes.map((quote) => quote.orderId));
}
