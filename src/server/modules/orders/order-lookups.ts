import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderEvents, orderItems, orders } from './tables';

// What other modules ask of an order (decision 0094), in their own transaction.

/** The id of the order with this number, however its letters are cased; null when none has it. */
export async function orderIdByNumber(runner: Queryable, orderNumber: string): Promise<string | null> {
  const [order] = await runner
    .select({ id: orders.id })
    .from(orders)
    .where(eq(sql`upper(${orders.orderNumber})`, orderNumber));
  return order?.id ?? null;
}

/** Whether an order of the product by this customer has been delivered (even if later returned). */
export async function hasReceived(runner: Queryable, userId: number, productId: number): Promise<boolean> {
  const [row] = await runner
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderItems.productId, productId),
        sql`exists (select 1 from ${orderEvents} where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.status} = 'delivered')`,
      ),
    )
    .limit(1);
  return Boolean(row);
}
