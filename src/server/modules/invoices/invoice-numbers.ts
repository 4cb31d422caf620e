import { and, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { invoices } from './tables';

/** The number of each of these orders' invoice in force (not superseded), by order id (decision 0094). */
export async function invoiceNumbersOf(
  runner: Queryable,
  orderIds: readonly string[],
): Promise<Map<string, string>> {
  const issued =
    orderIds.length === 0
      ? []
      : await runner
          .select({ orderId: invoices.orderId, number: invoices.number })
          .from(invoices)
          .where(and(inArray(invoices.orderId, [...orderIds]), isNull(invoices.supersededAt)));
  return new Map(issued.map((invoice) => [invoice.orderId, invoice.number]));
}
