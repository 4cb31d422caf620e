import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import type { OrderRow } from './order-rows';
import { giftLinkBatches, orders } from './tables';

// Decision 0090: a gift batch's rows, for the gift links' checkout, the payments that pay a batch
// and the invoices of its orders. The table is orders' (design.md 0094: each of its orders points
// at it, and the gift links' tables point at orders, so the foreign keys allow no other owner).

/** Decision 0090: gift links to many recipients from one checkout, paid once. */
export type GiftBatch = typeof giftLinkBatches.$inferSelect;

/** The new batch, in the transaction that places its orders; its provider order comes after. */
export async function insertGiftBatch(
  tx: Tx,
  batch: Omit<typeof giftLinkBatches.$inferInsert, 'id' | 'providerOrderId' | 'paidAt'>,
): Promise<GiftBatch> {
  const [created] = await tx.insert(giftLinkBatches).values(batch).returning();
  if (!created) throw new Error('Inserting a gift batch returned no row');
  return created;
}

/** The customer's batch sent with this idempotency key (a retried checkout's); null when none was. */
export async function giftBatchByIdempotencyKey(
  runner: Queryable,
  userId: number,
  idempotencyKey: string,
): Promise<GiftBatch | null> {
  const [batch] = await runner
    .select()
    .from(giftLinkBatches)
    .where(and(eq(giftLinkBatches.userId, userId), eq(giftLinkBatches.idempotencyKey, idempotencyKey)));
  return batch ?? null;
}

/**
 * The batch's provider order, stored once: if two requests race, the first stored id wins and
 * both answer with it. Answers the stored id.
 */
export async function storeGiftBatchProviderOrder(
  runner: Queryable,
  batchId: string,
  providerOrderId: string,
): Promise<string | null> {
  await runner
    .update(giftLinkBatches)
    .set({ providerOrderId })
    .where(and(eq(giftLinkBatches.id, batchId), isNull(giftLinkBatches.providerOrderId)));
  const [current] = await runner
    .select({ providerOrderId: giftLinkBatches.providerOrderId })
    .from(giftLinkBatches)
    .where(eq(giftLinkBatches.id, batchId));
  return current?.providerOrderId ?? null;
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
