import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { cartReminders, checkoutCarts, consents, notificationOutbox, stockAlerts } from './tables';

// Decision 0063: what this module holds of a shopper, for their export and their erasure.

/**
 * The account's consent ledger (decision 0062): every consent given or withdrawn, its purpose,
 * channel, how and under which notice, oldest first.
 */
export async function consentLedgerOf(db: Db, userId: number) {
  return db
    .select({
      purpose: consents.purpose,
      channel: consents.channel,
      given: consents.given,
      via: consents.via,
      noticeVersion: consents.noticeVersion,
      createdAt: consents.createdAt,
    })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(asc(consents.id));
}

/** The order news sent to the shopper about these orders (a gift recipient's are theirs, left out). */
export async function shopperMessagesOf(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: notificationOutbox.orderId,
      notice: notificationOutbox.notice,
      channel: notificationOutbox.channel,
      recipient: notificationOutbox.recipient,
      text: notificationOutbox.text,
      status: notificationOutbox.status,
      sentAt: notificationOutbox.sentAt,
      createdAt: notificationOutbox.createdAt,
    })
    .from(notificationOutbox)
    .where(and(inArray(notificationOutbox.orderId, orderIds), eq(notificationOutbox.audience, 'shopper')));
}

/** The shopper's stock alerts and recorded carts go, with their reminders. */
export async function eraseCartsAndAlertsOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(stockAlerts).where(eq(stockAlerts.userId, userId));
  await tx.delete(checkoutCarts).where(eq(checkoutCarts.userId, userId));
  await tx.delete(cartReminders).where(eq(cartReminders.userId, userId));
}

/** The bodies of the shopper's messages go, and nothing queued for this shopper is sent any more. */
export async function eraseMessagesOf(
  tx: Tx,
  of: { orderIds: string[]; phone: string | null },
): Promise<void> {
  const messagesOf = or(
    of.orderIds.length > 0 ? inArray(notificationOutbox.orderId, of.orderIds) : undefined,
    of.phone
      ? and(eq(notificationOutbox.recipient, of.phone), eq(notificationOutbox.audience, 'shopper'))
      : undefined,
  );
  if (!messagesOf) return;
  await tx.update(notificationOutbox).set({ text: null, details: {}, recipient: '' }).where(messagesOf);
  await tx
    .update(notificationOutbox)
    .set({ status: 'skipped' })
    .where(and(messagesOf, eq(notificationOutbox.status, 'queued')));
}
