import { and, count, eq, gte, inArray } from 'drizzle-orm';
import {
  giftNoticeOfStatus,
  type MessageChannel,
  type NotifyConsent,
  noticeOfStatus,
  type OrderNotice,
  SERVICE_NOTICES,
  statusMailsCustomer,
} from '../../../shared/notifications';
import type { Queryable, Tx } from '../../db/client';
import { contactOf } from '../auth';
import { withdrawnChannels } from './consents';
import { notificationOptOuts, notificationOutbox, orderNoticeFacts } from './tables';

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

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Decision 0054: the most messages one account's orders cause in a day, and the most gift messages
 * one number gets in a day from the whole store (a gift's two messages, several gifts a day).
 */
export const MESSAGES_PER_ACCOUNT_PER_DAY = 12;
export const GIFT_MESSAGES_PER_NUMBER_PER_DAY = 4;

/**
 * What order news asks of the order (its consent, address, account and whether a quote made it),
 * from the order_notice_facts view (decision 0094: orders and quotes import this module).
 */
async function noticeFactsOf(runner: Queryable, orderId: string) {
  const [facts] = await runner.select().from(orderNoticeFacts).where(eq(orderNoticeFacts.orderId, orderId));
  return facts;
}

type NoticeFacts = NonNullable<Awaited<ReturnType<typeof noticeFactsOf>>>;

/**
 * Decision 0054: the number an order's own news goes to. A number typed at checkout is never
 * messaged on its say-so: the account's mobile is, once a code sent to it came back (users.phone
 * is set only then). A quote's number is the owner's own word, so it is used as the owner typed it.
 */
async function shopperPhoneOf(
  tx: Tx,
  order: Pick<NoticeFacts, 'userId' | 'quoted'>,
  consent: NotifyConsent | null,
): Promise<string | null> {
  const account = order.userId === null ? null : await contactOf(tx, order.userId);
  const accountPhone = account?.verified ? account.phone : null;
  if (order.quoted) return consent?.phone ?? accountPhone;
  return accountPhone;
}

/** Rows queued since `since` that match `which` (the day's allowance of an account or a number). */
async function queuedSince(tx: Tx, since: Date, which: ReturnType<typeof and>) {
  const [row] = await tx
    .select({ value: count() })
    .from(notificationOutbox)
    .leftJoin(orderNoticeFacts, eq(orderNoticeFacts.orderId, notificationOutbox.orderId))
    .where(and(gte(notificationOutbox.createdAt, since), which));
  return row?.value ?? 0;
}

/**
 * Writes the rows that tell the shopper (and, for a gift, its recipient) of `notice`, in
 * the caller's transaction, one per channel they agreed to and have not stopped. The dedupe key
 * makes a second write of the same news a no-op. The notification worker sends them. Decision
 * 0054 bounds who and how many: the account's verified mobile only, a day's allowance per account,
 * and a gift's recipient only the gift's news, a few a day per number across the store.
 */
export async function queueOrderNotice(
  tx: Tx,
  notice: Notice,
  audience: 'shopper' | 'gift_recipient' = 'shopper',
) {
  const order = await noticeFactsOf(tx, notice.orderId);
  if (!order) return;
  const since = new Date(notice.at.getTime() - DAY_MS);
  let recipients: Recipient[];
  if (audience === 'shopper') {
    const phone = await shopperPhoneOf(tx, order, order.notify);
    recipients = shopperRecipients(order.notify && phone ? { ...order.notify, phone } : null);
    if (recipients.length === 0 && phone && SERVICE_NOTICES.includes(notice.notice)) {
      recipients = [{ channel: 'sms', to: phone, audience: 'shopper' }];
    }
    // Decision 0062: a withdrawal made since the order (one tap on the account page) stops its news.
    if (order.userId !== null && recipients.length > 0) {
      const withdrawn = await withdrawnChannels(tx, order.userId, 'order_updates');
      recipients = recipients.filter((recipient) => !withdrawn.includes(recipient.channel));
    }
  } else {
    // The recipient's own number when the sender gave one (decision 0069), else the delivery
    // address's; they hear on WhatsApp only, when the sender asked.
    const phone = order.notify?.giftRecipientPhone ?? (order.shippingAddress as { phone?: string }).phone;
    recipients = order.notify?.giftRecipient && phone ? [{ channel: 'whatsapp', to: phone, audience }] : [];
    // A gift sent to the shopper's own number is no gift news to anyone else.
    if (phone && (phone === order.notify?.phone || phone === (await shopperPhoneOf(tx, order, null)))) {
      recipients = [];
    }
    if (
      phone &&
      (await queuedSince(
        tx,
        since,
        and(eq(notificationOutbox.recipient, phone), eq(notificationOutbox.audience, 'gift_recipient')),
      )) >= GIFT_MESSAGES_PER_NUMBER_PER_DAY
    ) {
      recipients = [];
    }
  }
  if (recipients.length === 0) return;
  if (
    order.userId !== null &&
    (await queuedSince(tx, since, eq(orderNoticeFacts.userId, order.userId))) + recipients.length >
      MESSAGES_PER_ACCOUNT_PER_DAY
  ) {
    return;
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
 * Whether moving this order to `status` mails its customer: only the statuses that
 * matter (statusMailsCustomer), and the news among them only when the shopper kept e-mail updates.
 */
export async function statusMailDue(runner: Queryable, orderId: string, status: string): Promise<boolean> {
  if (!statusMailsCustomer(status)) return false;
  if (RECEIPT_STATUSES.has(status)) return true;
  return orderNewsMailDue(runner, orderId);
}

/** Whether the order's news mails its customer: unless they unticked e-mail or withdrew it since. */
export async function orderNewsMailDue(runner: Queryable, orderId: string): Promise<boolean> {
  const order = await noticeFactsOf(runner, orderId);
  if (order?.userId && (await withdrawnChannels(runner, order.userId, 'order_updates')).includes('email')) {
    return false;
  }
  return order?.notify?.email ?? true;
}

/**
 * A WhatsApp message to the owner (a new paid order, a return request, an enquiry, or a
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

/**
 * Decision 0081: the gift link a sender paid for, by SMS to the number they gave (a transactional
 * message they asked for, TCCCPR 2018). A number that sent STOP gets nothing, nor one that has had
 * the day's gift messages. `key` names this sending (a resend is a new key). Answers whether it
 * was queued.
 */
export async function queueGiftLinkMessage(
  tx: Tx,
  message: { orderId: string; to: string; key: string; token: string; recipientName: string; at: Date },
): Promise<boolean> {
  const recipient: Recipient = { channel: 'sms', to: message.to, audience: 'gift_recipient' };
  if ((await withoutOptOuts(tx, [recipient])).length === 0) return false;
  const since = new Date(message.at.getTime() - DAY_MS);
  const today = await queuedSince(
    tx,
    since,
    and(eq(notificationOutbox.recipient, message.to), eq(notificationOutbox.audience, 'gift_recipient')),
  );
  if (today >= GIFT_MESSAGES_PER_NUMBER_PER_DAY) return false;
  const queued = await tx
    .insert(notificationOutbox)
    .values({
      dedupeKey: `${message.key}:sms:gift_recipient`,
      orderId: message.orderId,
      notice: 'gift_link',
      channel: 'sms',
      recipient: message.to,
      audience: 'gift_recipient',
      details: { token: message.token, recipientName: message.recipientName },
      nextAttemptAt: message.at,
      createdAt: message.at,
    })
    .onConflictDoNothing({ target: notificationOutbox.dedupeKey })
    .returning({ id: notificationOutbox.id });
  return queued.length > 0;
}

/**
 * Decision 0084: a group gift's news to one person (a contributor's share taken, refunded or
 * ordered; the organiser's pool short or sold out), by SMS to their verified mobile: a transactional
 * message about money they paid or a pool they opened (TCCCPR 2018). STOP is honoured. `key` names
 * the happening: a second write is a no-op.
 */
export async function queueGroupGiftMessage(
  tx: Tx,
  message: { orderId: string; to: string; key: string; details: Record<string, string | number>; at: Date },
): Promise<void> {
  const recipient: Recipient = { channel: 'sms', to: message.to, audience: 'shopper' };
  if ((await withoutOptOuts(tx, [recipient])).length === 0) return;
  await tx
    .insert(notificationOutbox)
    .values({
      dedupeKey: `${message.key}:sms:shopper`,
      orderId: message.orderId,
      notice: 'group_gift',
      channel: 'sms',
      recipient: message.to,
      audience: 'shopper',
      details: message.details,
      nextAttemptAt: message.at,
      createdAt: message.at,
    })
    .onConflictDoNothing({ target: notificationOutbox.dedupeKey });
}
