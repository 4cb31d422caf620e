import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gte, min } from 'drizzle-orm';
import { type CreateGiftLinkPayload, GiftLinkSlot } from '../../../shared/api/gift-links';
import { GIFT_LINK_MESSAGES, tooManyGiftLinksMessage } from '../../../shared/gift-links';
import type { Queryable, Tx } from '../../db/client';
import { conflict, forbidden, tooMany } from '../../errors';
import { businessAccountOf, contactOf, isCorporateBuyer } from '../auth';
import { placedBy } from '../orders';
import { giftLinks } from './tables';

// Decision 0081: who may send a gift link, how many a day, and its row, written in its order's
// transaction.

/**
 * The owner's rules in force: the link's life and an account's links a day, ordinary or (an
 * account the owner approved as a corporate buyer) corporate.
 */
export type GiftLinkRules = { days: number; perDay: number; corporatePerDay: number };
export type ReadGiftLinkRules = () => Promise<GiftLinkRules>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The deliveries a link's row allows, as stored (anything unknown left out). */
export const giftLinkSlotsOf = (stored: readonly string[]): GiftLinkSlot[] =>
  stored.flatMap((slot) => {
    const parsed = GiftLinkSlot.safeParse(slot);
    return parsed.success ? [parsed.data] : [];
  });

/** Only the SHA-256 of a link's token is stored; the link itself goes to the recipient once. */
export const giftLinkTokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');
export const newGiftLinkToken = () => randomBytes(32).toString('base64url');

/**
 * A link needs the sender's verified mobile (so the recipient's messages name someone the store
 * can reach) and stays within the owner's links a day. Asked under the account's row lock.
 */
export async function refuseGiftLinkSender(
  tx: Tx,
  userId: number,
  /** The recipients' mobiles (one for a link, each row's for a batch: decision 0090). */
  recipientPhones: readonly (string | null | undefined)[],
  rules: GiftLinkRules,
  now: Date,
) {
  const sender = await contactOf(tx, userId);
  if (!sender?.phone || !sender.verified) throw forbidden(GIFT_LINK_MESSAGES.phoneNeeded);
  if (recipientPhones.includes(sender.phone)) throw conflict(GIFT_LINK_MESSAGES.ownNumber);
  const [sent] = await tx
    .select({ value: count(), oldest: min(giftLinks.createdAt) })
    .from(giftLinks)
    .where(
      and(placedBy(giftLinks.orderId, userId), gte(giftLinks.createdAt, new Date(now.getTime() - DAY_MS))),
    );
  // An approved corporate buyer gets the higher limit, never a lower one.
  const business = await businessAccountOf(tx, userId);
  const corporate = business !== null && isCorporateBuyer(business);
  const perDay = corporate ? Math.max(rules.perDay, rules.corporatePerDay) : rules.perDay;
  // A batch's links count one a recipient (decision 0090).
  if (sent && sent.value + recipientPhones.length > perDay) {
    // The day's allowance frees a link when the oldest of the last 24 hours turns a day old.
    const freedAt = (sent.oldest?.getTime() ?? now.getTime()) + DAY_MS;
    throw tooMany(
      tooManyGiftLinksMessage(perDay, corporate),
      Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)),
    );
  }
}

/** The link's row beside its new order: waiting for payment, no token until it is sent. */
export async function insertGiftLink(
  tx: Tx,
  orderId: string,
  payload: Pick<CreateGiftLinkPayload, 'recipient' | 'message' | 'revealGift' | 'allowedSlots'>,
  rules: GiftLinkRules,
  now: Date,
  /** When its life starts: now, or a group gift's deadline, by which its pool sends it. */
  lifeFrom: Date = now,
) {
  await tx.insert(giftLinks).values({
    orderId,
    recipientName: payload.recipient.name,
    recipientPhone: payload.recipient.phone ?? null,
    recipientEmail: payload.recipient.email ?? null,
    message: payload.message ? payload.message : null,
    revealGift: payload.revealGift,
    allowedSlots: payload.allowedSlots,
    expiresAt: new Date(lifeFrom.getTime() + rules.days * DAY_MS),
    createdAt: now,
  });
}

export async function giftLinkOf(runner: Queryable, orderId: string) {
  const [link] = await runner.select().from(giftLinks).where(eq(giftLinks.orderId, orderId));
  return link ?? null;
}
