import { eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderQuotes } from './tables';

// What other modules ask of quotes (decision 0094), in their own transaction, and a quote's facts
// for another module's query over orders (the back office's order list), given the column that
// holds the order's id.

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

/** Whether a quote made the order. */
export const isQuoted = (orderId: SQLWrapper): SQL<boolean> =>
  sql`exists (select 1 from ${orderQuotes} where ${orderQuotes.orderId} = ${orderId})`;

/** The e-mail the order's quote was sent to; null for none. */
export const quoteEmailOf = (orderId: SQLWrapper): SQL<string | null> =>
  sql`(select ${orderQuotes.customerEmail} from ${orderQuotes} where ${orderQuotes.orderId} = ${orderId})`;

/**
 * Whom the order's quote was sent to (its name, and its e-mail or else its phone), '' for what it
 * lacks; null for an order no quote made.
 */
export async function quotedCustomerOf(
  runner: Queryable,
  orderId: string,
): Promise<{ name: string; email: string } | null> {
  const [quote] = await runner
    .select({
      name: sql<string>`coalesce(${orderQuotes.customerName}, '')`,
      email: sql<string>`coalesce(${orderQuotes.customerEmail}, ${orderQuotes.customerPhone}, '')`,
    })
    .from(orderQuotes)
    .where(eq(orderQuotes.orderId, orderId));
  return quote ?? null;
}
