import { eq, inArray } from 'drizzle-orm';
import {
  giftNoticeOfStatus,
  type MessageChannel,
  type NotifyConsent,
  noticeOfStatus,
  type OrderNotice,
  statusMailsCustomer,
} from '../../../shared/notifications';
import type { Queryable, Tx } from '../../db/client';
import { notificationOptOuts, notificationOutbox, orders } from '../../db/schema';

type Recipient = { channel: MessageChannel; to: string; audience: 'shopper' | 'gift_recipient' | 'owner' };

/** The template of every message to the owner: its summary and the back-office link. */
export const OWNER_NOTICE = 'owner_notice';

/** The channels and numbers of `recipients` that have not opted out. */
export async function withoutOptOuts(runner: Queryable, recipients: Recipient[]): Promise<Recipient[]> {
  if (recipients.length === 0) return [];
  const stopped = await runner
    .select({ channel: notificationOptOuts.channel, address: notificationOptOuts.address })
    .from(notificationOptOuts)
    .where(
      inArray(
        notificationOptOuts.address,
        recipients.map((recipient) => recipient.to),
      ),
    );
  return recipients.filter(
    (recipient) => !stopped.some((row) => row.channel === recipient.channel && row.address === recipient.to),
  );
}

/** Where the shopper's WhatsApp and SMS go: the channels they ticked, to their own mobile. */
export function shopperRecipients(consent: NotifyConsent | null): Recipient[] {
  if (!consent?.phone) return [];
  const phone = consent.phone;
  return (['whatsapp', 'sms'] as const)
    .filter((channel) => consent[channel])
    .map((channel) => ({ channel, to: phone, audience: 'shopper' as const }));
}

type Notice = {
  orderId: string;
  notice: OrderNotice;
  /** Unique per happening (an order event's id, a refund's ledger line...): the at-most-once key. */
  key: string;
  details?: Record<string, string | number>;
  at: Date;
};

/**
 * Issue 23: writes the rows that tell the shopper (and, for a gift, its recipient) of `notice`, in
 * the caller's transaction, one per channel they agreed to and have not stopped. The dedupe key
 * makes a second write of the same news a no-op. The notification worker sends them.
 */
export async function queueOrderNotice(
  tx: Tx,
  notice: Notice,
  audience: 'shopper' | 'gift_recipient' = 'shopper',
) {
  const [order] = await tx
    .select({ notify: orders.notify, shippingAddress: orders.shippingAddress })
    .from(orders)
    .where(eq(orders.id, notice.orderId));
  if (!order) return;
  let recipients: Recipient[];
  if (audience === 'shopper') {
    recipients = shopperRecipients(order.notify);
  } else {
    // The recipient's phone is the delivery address's; they hear on WhatsApp only, when the sender asked.
    const phone = (order.shippingAddress as { phone?: string }).phone;
    recipients = order.notify?.giftRecipient && phone ? [{ channel: 'whatsapp', to: phone, audience }] : [];
    // A gift sent to the shopper's own number is no gift news to anyone else.
    if (phone && phone === order.notify?.phone) recipients = [];
  }
  const allowed = await withoutOptOuts(tx, recipients);
  if (allowed.length === 0) return;
  await tx
    .insert(notificationOutbox)
    .values(
      allowed.map((recipient) => ({
        dedupeKey: `${notice.key}:${recipient.channel}:${recipient.audience}`,
        orderId: notice.orderId,
        notice: notice.notice,
        channel: recipient.channel,
        recipient: recipient.to,
        audience: recipient.audience,
        details: notice.details ?? {},
        nextAttemptAt: notice.at,
        createdAt: notice.at,
      })),
    )
    .onConflictDoNothing({ target: notificationOutbox.dedupeKey });
}

/** The news a status change is (placed, shipped, delivered...), for the shopper and a gift's recipient. */
export async function queueStatusNotices(
  tx: Tx,
  { orderId, status, eventId, at }: { orderId: string; status: string; eventId: number; at: Date },
) {
  const notice = noticeOfStatus(status);
  if (notice) await queueOrderNotice(tx, { orderId, notice, key: `event-${eventId}`, at });
  const giftNotice = giftNoticeOfStatus(status);
  if (giftNotice) {
    await queueOrderNotice(
      tx,
      { orderId, notice: giftNotice, key: `event-${eventId}`, at },
      'gift_recipient',
    );
  }
}

// A status mail that tells of money (paid, a cancellation's refund, a return) is a receipt: sent
// whatever the shopper chose for order news.
const RECEIPT_STATUSES = new Set(['paid', 'cancelled', 'returned']);

/**
 * Issue 26: whether moving this order to `status` mails its customer: only the statuses that
 * matter (statusMailsCustomer), and the news among them only when the shopper kept e-mail updates.
 */
export async function statusMailDue(runner: Queryable, orderId: string, status: string): Promise<boolean> {
  if (!statusMailsCustomer(status)) return false;
  if (RECEIPT_STATUSES.has(status)) return true;
  const [order] = await runner.select({ notify: orders.notify }).from(orders).where(eq(orders.id, orderId));
  return order?.notify?.email ?? true;
}

/**
 * Issue 26: a WhatsApp message to the owner (a new paid order, a return request, an enquiry, or a
 * digest of them), in the caller's transaction. `key` names the event: a second write is a no-op.
 * A number that replied STOP gets nothing, as any other.
 */
export async function queueOwnerMessage(
  tx: Tx,
  message: { key: string; to: string; summary: string; link: string; at: Date },
) {
  const recipient = { channel: 'whatsapp' as const, to: message.to, audience: 'owner' as const };
  if ((await withoutOptOuts(tx, [recipient])).length === 0) return;
  await tx
    .insert(notificationOutbox)
    .values({
      dedupeKey: `${message.key}:whatsapp:owner`,
      orderId: null,
      notice: OWNER_NOTICE,
      channel: 'whatsapp',
      recipient: message.to,
      audience: 'owner',
      details: { summary: message.summary, link: message.link },
      nextAttemptAt: message.at,
      createdAt: message.at,
    })
    .onConflictDoNothing({ target: notificationOutbox.dedupeKey });
}
