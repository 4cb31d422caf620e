import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import type { PaymentColumns, PaymentOrderFacts } from '../money-ledger';
import type { OrderRow } from './order-rows';
import { giftLinkBatches, orders } from './tables';

// What payments ask of an order and of a gift batch (decision 0094), in the caller's transaction.

/** Decision 0090: gift links to many recipients from one checkout, paid once. */
export type GiftBatch = typeof giftLinkBatches.$inferSelect;

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

/**
 * Decision 0090: the gift batch and its recipients' orders (by order number), every row locked
 * until the caller's transaction ends; null when there is no such batch.
 */
export async function lockGiftBatch(
  tx: Tx,
  batchId: string,
): Promise<{ batch: GiftBatch; orders: OrderRow[] } | null> {
  const [batch] = await tx
    .select()
    .from(giftLinkBatches)
    .where(eq(giftLinkBatches.id, batchId))
    .for('update');
  if (!batch) return null;
  const children = await tx
    .select()
    .from(orders)
    .where(eq(orders.giftBatchId, batch.id))
    .orderBy(asc(orders.orderNumber))
    .for('update');
  return { batch, orders: children };
}

export async function markGiftBatchPaid(tx: Tx, batchId: string, at: Date): Promise<void> {
  await tx.update(giftLinkBatches).set({ paidAt: at }).where(eq(giftLinkBatches.id, batchId));
}

/** The customer's own gift batch; null when it is not theirs or there is none. */
export async function giftBatchOf(
  runner: Queryable,
  batchId: string,
  userId: number,
): Promise<GiftBatch | null> {
  const [batch] = await runner
    .select()
    .from(giftLinkBatches)
    .where(and(eq(giftLinkBatches.id, batchId), eq(giftLinkBatches.userId, userId)));
  return batch ?? null;
}

/** The gift batch the provider order was made for; null when it is no batch's. */
export async function giftBatchOfProviderOrder(
  runner: Queryable,
  provider: string,
  providerOrderId: string,
): Promise<GiftBatch | null> {
  const [batch] = await runner
    .select()
    .from(giftLinkBatches)
    .where(and(eq(giftLinkBatches.provider, provider), eq(giftLinkBatches.providerOrderId, providerOrderId)))
    .limit(1);
  return batch ?? null;
}

/** The status and number of each of the gift batch's orders, by order number. */
export function giftBatchOrdersOf(runner: Queryable, batchId: string) {
  return runner
    .select({ status: orders.status, orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.giftBatchId, batchId))
    .orderBy(asc(orders.orderNumber));
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
