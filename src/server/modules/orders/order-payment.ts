import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import type { PaymentColumns, PaymentOrderFacts } from '../money-ledger';
import type { OrderRow } from './order-rows';
import { orders } from './tables';

// What payments ask of an order (decision 0094), in the caller's transaction.

/** DESIGN 4: the order becomes paid, only from `from` (a conditional UPDATE); false when it was not. */
export async function markOrderPaid(
  tx: Tx,
  orderId: string,
  from: 'pending' | 'cancelled',
  at: Date,
): Promise<boolean> {
  const [paid] = await tx
    .update(orders)
    .set({ status: 'paid', paidAt: at, updatedAt: at })
    .where(and(eq(orders.id, orderId), eq(orders.status, from)))
    .returning({ id: orders.id });
  return paid !== undefined;
}

/** The order the provider order was made for; null when it is no order's. */
export async function orderOfProviderOrder(
  runner: Queryable,
  provider: string,
  providerOrderId: string,
): Promise<OrderRow | null> {
  const [order] = await runner
    .select()
    .from(orders)
    .where(and(eq(orders.provider, provider), eq(orders.providerOrderId, providerOrderId)))
    .limit(1);
  return order ?? null;
}

/** For the refund sweep's query over payments (money ledger): what it asks of each one's order. */
export function paymentOrderFacts(payment: PaymentColumns): PaymentOrderFacts {
  const ofOrder = (condition: SQL) =>
    sql`exists (select 1 from ${orders} where ${orders.id} = ${payment.orderId} and ${condition})`;
  const paysTotal = sql`${orders.totalPaise} = ${payment.amountPaise} and ${orders.currency} = ${payment.currency}`;
  return {
    status: sql<string>`(select ${orders.status} from ${orders} where ${orders.id} = ${payment.orderId})`,
    paysTotal: ofOrder(paysTotal),
    expiredUnpaid: ofOrder(sql`${orders.status} = 'cancelled' and ${orders.paidAt} is null`),
    unpaidOtherTotal: ofOrder(sql`${orders.paidAt} is null and not (${paysTotal})`),
  };
}
