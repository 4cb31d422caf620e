import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orders } from './tables';

// What other modules ask of an order (decision 0094), in their own transaction.

/** The id of the order with this number, however its letters are cased; null when none has it. */
export async function orderIdByNumber(runner: Queryable, orderNumber: string): Promise<string | null> {
  const [order] = await runner
    .select({ id: orders.id })
    .from(orders)
    .where(eq(sql`upper(${orders.orderNumber})`, orderNumber));
  return order?.id ?? null;
}
