import { and, asc, eq, inArray, isNotNull, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DeliveryEstimate } from '../../../shared/api/orders';
import { chosenDeliveryOf } from '../../../shared/delivery-dates';
import { deliveryPromise } from '../../../shared/delivery-promise';
import { isOrderNotice, type MessageChannel, parcelNoticeStillTrue } from '../../../shared/notifications';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { StoreIdentity } from '../../store-identity';
import { mailContactOf } from '../auth';
import { retryDelayMs } from '../mail';
import type { DeliveryStatus, Messenger } from '../messaging';
import { MARKETING_NOTICES, withinMarketingHours } from './marketing-hours';
import {
  backInStockMessage,
  cartReminderMessage,
  cartRestoreLink,
  type MessageText,
  messageFor,
  type NoticeOrder,
  optOutLink,
  ownerMessageFor,
  slotForToday,
} from './message-text';
import { withoutOptOuts } from './notices';
import type { OrderFacts } from './order-facts';
import type { LinkSigner } from './signed-links';
import { cartReminders, notificationOutbox } from './tables';

export const NOTIFY_MAX_ATTEMPTS = 8;
export const ORDER_CANCELLED_BEFORE_SENDING = 'The order was cancelled before this went out';
export const PARCEL_MOVED_ON_BEFORE_SENDING = 'The parcel moved on before this went out';
// A claimed row is left alone this long; if the sender dies mid-send, another picks it up after.
const CLAIM_LEASE_MS = 5 * 60 * 1000;

// A provider's statuses can arrive out of order (read before delivered): a row only moves forward.
const STATUS_RANK: Record<string, number> = {
  queued: 0,
  sent: 1,
  delivered: 2,
  read: 3,
  failed: 4,
  skipped: 4,
};

/** The link that stops messages on `channel` for `address`; every message carries one. */
export const optOutToken = (signer: LinkSigner, channel: MessageChannel | 'email', address: string) =>
  signer.signStop(channel, address);
/** The link in a cart reminder that fills that cart again, on any device. */
export const restoreToken = (signer: LinkSigner, reminderId: number) =>
  signer.sign({ kind: 'cart', reminderId });

/**
 * Sends due WhatsApp and SMS rows through the messenger, as the mail worker sends mail: rows are
 * claimed with FOR UPDATE SKIP LOCKED and a lease, so several instances share the queue without
 * sending one twice at once; failures are retried with the mail's back-off and given up after
 * NOTIFY_MAX_ATTEMPTS. A number that stopped messages after the row was written gets nothing.
 */
export function createNotificationWorker({
  db,
  clock,
  messenger,
  signer,
  store,
  log,
  orders,
}: {
  db: Db;
  clock: Clock;
  messenger: Messenger;
  signer: LinkSigner;
  store: StoreIdentity;
  log: FastifyBaseLogger;
  orders: OrderFacts;
}) {
  async function orderOf(orderId: string | null): Promise<(NoticeOrder & { status: string }) | null> {
    if (!orderId) return null;
    const order = await orders.orderOf(orderId);
    if (!order) return null;
    // A quote sent to a phone before its enquirer has an account has no user yet.
    const account = order.userId === null ? null : await mailContactOf(db, order.userId);
    const hasPreOrder = (await orders.linesOf(orderId)).some((line) => line.isPreOrder);
    // A gift link's order has no address until its recipient gives one (decision 0081).
    const address = (order.shippingAddress ?? {}) as { fullName?: string };
    const delivery = chosenDeliveryOf(order);
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      totalPaise: order.totalPaise,
      shopperName: account?.fullName || address.fullName || 'there',
      recipientName: address.fullName || 'there',
      // Decision 0068: the promise its pages and mails make, from what the order stores now.
      promise: deliveryPromise({
        createdAt: order.createdAt,
        delivery,
        deliveryEstimate: DeliveryEstimate.safeParse(order.deliveryEstimate).data ?? null,
        hasPreOrder,
      }),
      slot: slotForToday(delivery, clock.now()),
    };
  }

  type Row = typeof notificationOutbox.$inferSelect;

  /** A cart reminder row's reminder and shopper; rows queued before reminders had ids name the order. */
  async function reminderOf(row: Row) {
    const reminderId = row.details.reminderId;
    const which =
      typeof reminderId === 'number'
        ? eq(cartReminders.id, reminderId)
        : row.orderId
          ? eq(cartReminders.orderId, row.orderId)
          : null;
    if (!which) return null;
    const [reminder] = await db
      .select({ id: cartReminders.id, userId: cartReminders.userId })
      .from(cartReminders)
      .where(which);
    const account = reminder ? await mailContactOf(db, reminder.userId) : null;
    return reminder && account ? { id: reminder.id, fullName: account.fullName } : null;
  }

  async function skip(row: Row, reason: string): Promise<'skipped'> {
    await db
      .update(notificationOutbox)
      .set({ status: 'skipped', lastError: reason })
      .where(eq(notificationOutbox.id, row.id));
    return 'skipped';
  }

  /** The words of a row as they are now, or why it is no longer sent. */
  async function messageOf(row: Row): Promise<MessageText | string> {
    const recipient = { channel: row.channel, to: row.recipient, audience: row.audience };
    if ((await withoutOptOuts(db, [recipient])).length === 0) return 'The number stopped these messages';
    if (row.audience === 'owner') return ownerMessageFor(row.details);
    const optOut = optOutLink(store, await optOutToken(signer, row.channel, row.recipient));
    const notice = row.notice;
    if (notice === 'cart_reminder') {
      const reminder = await reminderOf(row);
      if (!reminder) return 'No such cart reminder';
      const restore = cartRestoreLink(store, await restoreToken(signer, reminder.id));
      return cartReminderMessage(reminder.fullName || 'there', { optOut, restore });
    }
    if (notice === 'back_in_stock') return backInStockMessage(row.details, { optOut }, store);
    const order = await orderOf(row.orderId);
    if (!order || !isOrderNotice(notice) || notice === 'cart_reminder' || notice === 'back_in_stock')
      return 'No such order';
    // Decision 0054: news of an order cancelled before it went out is no longer true (a refund's is).
    // Decision 0084: a group gift's refund news is sent with its order cancelled.
    if (order.status === 'cancelled' && notice !== 'refund_made' && notice !== 'group_gift')
      return ORDER_CANCELLED_BEFORE_SENDING;
    if (!parcelNoticeStillTrue(notice, order.status)) return PARCEL_MOVED_ON_BEFORE_SENDING;
    return messageFor(notice, order, row.details, { optOut }, store);
  }

  async function sendRow(row: Row): Promise<'sent' | 'failed' | 'skipped'> {
    try {
      const message = await messageOf(row);
      if (typeof message === 'string') return skip(row, message);
      const { providerMessageId } = await messenger.send({
        channel: row.channel,
        to: row.recipient,
        ...message,
      });
      await db
        .update(notificationOutbox)
        .set({ status: 'sent', sentAt: clock.now(), lastError: null, providerMessageId, text: message.text })
        .where(and(eq(notificationOutbox.id, row.id), eq(notificationOutbox.status, 'queued')));
      return 'sent';
    } catch (error) {
      const giveUp = row.attempts >= NOTIFY_MAX_ATTEMPTS;
      const text = error instanceof Error ? error.message : String(error);
      log.warn(
        { err: error, notificationId: row.id, attempts: row.attempts, giveUp },
        'sending a message failed',
      );
      await db
        .update(notificationOutbox)
        .set({
          status: giveUp ? 'failed' : 'queued',
          lastError: text.slice(0, 1000),
          nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(row.attempts)),
        })
        .where(eq(notificationOutbox.id, row.id));
      return 'failed';
    }
  }

  return {
    async sendDue(limit = 20): Promise<{ sent: number; failed: number; skipped: number }> {
      const now = clock.now();
      const due = db
        .select({ id: notificationOutbox.id })
        .from(notificationOutbox)
        .where(
          and(
            eq(notificationOutbox.status, 'queued'),
            lte(notificationOutbox.nextAttemptAt, now),
            // A marketing message queued (or retried) past 9 pm waits for 9 am (decision 0062).
            withinMarketingHours(now)
              ? undefined
              : notInArray(notificationOutbox.notice, [...MARKETING_NOTICES]),
          ),
        )
        .orderBy(asc(notificationOutbox.nextAttemptAt), asc(notificationOutbox.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(notificationOutbox)
        .set({
          attempts: sql`${notificationOutbox.attempts} + 1`,
          nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS),
        })
        .where(inArray(notificationOutbox.id, due))
        .returning();

      const tally = { sent: 0, failed: 0, skipped: 0 };
      for (const row of claimed.sort((a, b) => a.id - b.id)) {
        tally[await sendRow(row)]++;
      }
      return tally;
    },

    /** A delivery status from the provider's webhook (real or sandbox), by the id send() returned. */
    async recordStatus(providerMessageId: string, status: DeliveryStatus) {
      const [row] = await db
        .select({ id: notificationOutbox.id, status: notificationOutbox.status })
        .from(notificationOutbox)
        .where(eq(notificationOutbox.providerMessageId, providerMessageId));
      if (!row || (STATUS_RANK[status] ?? 0) <= (STATUS_RANK[row.status] ?? 0)) return;
      await db
        .update(notificationOutbox)
        .set({
          status,
          ...(status === 'failed' ? { lastError: 'The provider reported it undelivered' } : {}),
        })
        .where(and(eq(notificationOutbox.id, row.id), eq(notificationOutbox.status, row.status)));
    },
  };
}
export type NotificationWorker = ReturnType<typeof createNotificationWorker>;

/**
 * Decision 0055: empties the text and details of the messages queued before `before` and no longer
 * waiting to go. Answers how many were emptied.
 */
export async function eraseNotificationBodiesBefore(db: Db, before: Date): Promise<number> {
  const erased = await db
    .update(notificationOutbox)
    .set({ text: null, details: {} })
    .where(
      and(
        lt(notificationOutbox.createdAt, before),
        ne(notificationOutbox.status, 'queued'),
        or(isNotNull(notificationOutbox.text), sql`${notificationOutbox.details} <> '{}'::jsonb`),
      ),
    )
    .returning({ id: notificationOutbox.id });
  return erased.length;
}
