import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderEvents } from '../../db/schema';
import { queueStatusNotices } from '../notifications';

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
 * history never tells of a change that did not happen. Every status change passes here, so here
 * (issue 23) the shopper's WhatsApp and SMS news of it is queued, in the same transaction: a line
 * that only adds a note to the same status (a rejected return, a duplicate payment) is no news.
 */
export async function recordStatus(tx: Tx, { orderId, status, note, actor = 'system', at }: OrderEvent) {
  const [previous] = await tx
    .select({ status: orderEvents.status })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  const [event] = await tx
    .insert(orderEvents)
    .values({ orderId, status, note, actor, createdAt: at })
    .returning({ id: orderEvents.id });
  if (event && previous?.status !== status)
    await queueStatusNotices(tx, { orderId, status, eventId: event.id, at });
}
