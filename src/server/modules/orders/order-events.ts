import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queueStatusNotices } from '../notifications';
import { orderEvents } from './tables';

export type OrderEvent = {
  orderId: string;
  status: string;
  note: string;
  /** Decision 0065: the owner's note for the back office only, never shown or sent to the customer. */
  internalNote?: string;
  /** Who moved the order: the store itself (expiry, payments) unless the owner or the customer did. */
  actor?: 'system' | 'admin' | 'customer';
  at: Date;
};

/**
 * One line of an order's history, written in the transaction that changes the order, so the
 * history never tells of a change that did not happen. Every status change passes here, so here
 * the shopper's WhatsApp and SMS news of it is queued, in the same transaction: a line
 * that only adds a note to the same status (a rejected return, a duplicate payment) is no news.
 */
export async function recordStatus(
  tx: Tx,
  { orderId, status, note, internalNote = '', actor = 'system', at }: OrderEvent,
) {
  const [previous] = await tx
    .select({ status: orderEvents.status })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  const [event] = await tx
    .insert(orderEvents)
    .values({ orderId, status, note, internalNote, actor, createdAt: at })
    .returning({ id: orderEvents.id });
  if (event && previous?.status !== status)
    await queueStatusNotices(tx, { orderId, status, eventId: event.id, at });
}

/**
 * Decision 0065: an owner's note is internal unless they ticked "send to the customer": then it is
 * the event's note (their timeline, the status e-mail); otherwise the back office's alone.
 */
export const ownerNoteOf = (text: string, toCustomer: boolean): Pick<OrderEvent, 'note' | 'internalNote'> =>
  toCustomer ? { note: text, internalNote: '' } : { note: '', internalNote: text };
