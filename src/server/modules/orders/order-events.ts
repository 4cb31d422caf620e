import type { Tx } from '../../db/client';
import { orderEvents } from '../../db/schema';

export type OrderEvent = {
  orderId: string;
  status: string;
  note: string;
  /** Who moved the order: the store itself (expiry, payments) unless the owner or the customer did. */
  actor?: 'system' | 'admin' | 'customer';
  at: Date;
};

/**
 * One line of an order's history, written in the transaction that changes the order, so the
 * history never tells of a change that did not happen.
 */
export async function recordStatus(tx: Tx, { orderId, status, note, actor = 'system', at }: OrderEvent) {
  await tx.insert(orderEvents).values({ orderId, status, note, actor, createdAt: at });
}
