import { createHash } from 'node:crypto';
import { and, count, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { addressWithLandmark } from '../../../shared/address';
import type {
  AcceptGiftLinkPayload,
  GiftLinkResend,
  GiftLinkTimedFee,
  GiftLinkView,
} from '../../../shared/api/gift-links';
import { PAYMENT_MESSAGES } from '../../../shared/api/payments';
import { DeliverySlot, deliveryChoiceProblem, deliveryChoiceText } from '../../../shared/delivery-dates';
import { deliveryRefusal } from '../../../shared/delivery-rules';
import {
  GIFT_DECLINED_NOTE,
  GIFT_EXPIRED_NOTE,
  GIFT_LINK_DAYS_TO_CHOOSE,
  GIFT_LINK_LAPSED_NOTE,
  GIFT_LINK_MESSAGES,
  GIFT_THANKS_DAYS,
  GIFT_THANKS_MESSAGES,
  type GiftLinkRowState,
  giftAddressedNote,
  giftCheaperDeliveryNote,
  giftLinkPathOf,
  giftLinkTimedFeePaise,
  giftSenderAddressedNote,
} from '../../../shared/gift-links';
import { formatIndiaDay, indiaDateOf } from '../../../shared/india-time';
import { formatPaise } from '../../../shared/money';
import type { LedgerReason } from '../../../shared/money-ledger';
import type { TimedSlotRule } from '../../../shared/timed-slots';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { conflict, invalid, notFound, unavailable } from '../../errors';
import { customerPhotoWebp } from '../../storage/images';
import type { StoreIdentity } from '../../store-identity';
import { contactOf } from '../auth';
import { slotFeeOf } from '../delivery-slots';
import { recordRefund } from '../invoices';
import { enqueueMail, giftLinkMail } from '../mail';
import { markRefundDue, refundFromPayments } from '../money-ledger';
import { messageName, queueGiftLinkMessage } from '../notifications';
import {
  type DeliveryLookup,
  feePaiseOf,
  feesOfOrder,
  isOrderId,
  lockedOrderOf,
  type OrderRow,
  orderLinesOf,
  orderOf,
  recordStatus,
  releaseReservation,
  setFee,
  setOrderDelivery,
  setOrderStatus,
} from '../orders';
import type { OwnerNotices } from '../owner-notices';
import type { PaymentProvider } from '../payment-providers';
import { createGiftLinkCheckout, type OrdersCheckout } from './gift-link-checkout';
import {
  giftLinkSlotsOf,
  giftLinkTokenHashOf,
  newGiftLinkToken,
  type ReadGiftLinkRules,
} from './gift-link-orders';
import { queueGiftThanks } from './gift-thanks';
import { giftLinkOpens, giftLinks, giftThanks } from './tables';

export type GiftLinkService = ReturnType<typeof createGiftLinkService>;

type LinkRow = typeof giftLinks.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 200;
/**
 * Decision 0081: a link opened from this many devices or addresses is flagged for the owner: a
 * recipient opens theirs on a phone or two; a link passed around (or guessed at scale) is not theirs.
 */
export const GIFT_LINK_OPENERS_FLAGGED = 5;

/** Who opened a link, as only a hash of their address and browser (nothing to trace them by). */
export const openerOf = (ip: string, userAgent: string) =>
  createHash('sha256').update(`${ip}\n${userAgent}`).digest('hex');

const slotsOf = (row: LinkRow) => giftLinkSlotsOf(row.allowedSlots);

/**
 * Decision 0081: a gift sent by link, from the moment its order is paid: the link is sent to the
 * recipient (only its token's hash kept), and the token alone opens the recipient's page, with no
 * account. A wrong, replaced or expired token is 'not found', whoever asks.
 */
export function createGiftLinkService({
  db,
  clock,
  store,
  provider,
  orders,
  giftLinkRules,
  lookupDelivery,
  timedSlots,
  midnightSlotFeePaise,
  issueInvoice,
  refundOrder,
  ownerNotices,
  log,
  onStockChanged = () => {},
  onThanked = async () => {},
}: {
  db: Db;
  clock: Clock;
  store: StoreIdentity;
  provider: PaymentProvider;
  /** The orders module's checkout, which places a link's order (gift-link-checkout.ts). */
  orders: OrdersCheckout;
  /** Decision 0081: the owner's gift link life and links a day. */
  giftLinkRules: ReadGiftLinkRules;
  lookupDelivery: DeliveryLookup;
  /** Decision 0090: the owner's timed slots, one of which a link may let its recipient pick. */
  timedSlots: () => Promise<TimedSlotRule[]>;
  /** The owner's midnight fee in force, which a recipient's midnight pick costs at most. */
  midnightSlotFeePaise: () => Promise<number>;
  /** The invoices module's: the paid order's invoice, once its place of supply is known. */
  issueInvoice: (tx: Tx, orderId: string, at: Date) => Promise<void>;
  /** The payments module's refund of what a cancellation made due (after the commit). */
  refundOrder: (orderId: string) => Promise<unknown>;
  /** The owner hears of a link opened from many devices (decision 0081). */
  ownerNotices: Pick<OwnerNotices, 'tell' | 'adminLink'>;
  log: FastifyBaseLogger;
  onStockChanged?: () => void;
  /** Decision 0084: a group gift's friends hear of the thank-you too, in its transaction. */
  onThanked?: (tx: Tx, orderId: string, fromName: string, at: Date) => Promise<void>;
}) {
  const senderNameOf = async (runner: Db | Tx, order: Pick<OrderRow, 'userId'>) => {
    if (order.userId === null) return 'A friend';
    const sender = await contactOf(runner, order.userId);
    return messageName(sender?.fullName, 'A friend');
  };

  /**
   * The link of a live token: sent, opened or declined until it expires; answered (addressed), for
   * GIFT_THANKS_DAYS after the answer, so its recipient can come back to say thank you.
   */
  async function liveLink(token: string) {
    const now = clock.now();
    const [link] = await db
      .select()
      .from(giftLinks)
      .where(eq(giftLinks.tokenHash, giftLinkTokenHashOf(token)))
      .limit(1);
    const order = link ? await orderOf(db, link.orderId) : null;
    const found = link && order ? { link, order } : undefined;
    const openUntil =
      found?.link.state === 'addressed' && found.link.answeredAt
        ? new Date(
            Math.max(
              found.link.expiresAt.getTime(),
              found.link.answeredAt.getTime() + GIFT_THANKS_DAYS * DAY_MS,
            ),
          )
        : found?.link.expiresAt;
    if (
      !found ||
      !openUntil ||
      openUntil <= now ||
      found.link.state === 'awaiting_payment' ||
      found.link.state === 'expired'
    ) {
      throw notFound(GIFT_LINK_MESSAGES.notFound);
    }
    return found;
  }

  const thanksOf = async (orderId: string) =>
    (
      await db
        .select({ note: giftThanks.note, photoContentType: giftThanks.photoContentType })
        .from(giftThanks)
        .where(eq(giftThanks.orderId, orderId))
    )[0];

  /** The link's row and its order, locked, for an answer: still open and its order paid. */
  async function lockOpenLink(
    tx: Tx,
    orderId: string,
    open: readonly GiftLinkRowState[] = ['sent', 'opened'],
  ) {
    const [link] = await tx.select().from(giftLinks).where(eq(giftLinks.orderId, orderId)).for('update');
    const order = await lockedOrderOf(tx, orderId);
    if (!link || !order) throw notFound(GIFT_LINK_MESSAGES.notFound);
    if (!open.includes(link.state)) throw conflict(GIFT_LINK_MESSAGES.alreadyAnswered);
    if (order.status !== 'paid') throw conflict(GIFT_LINK_MESSAGES.notPaidYet);
    return { link, order };
  }

  /**
   * Gives back part of the order's captured payment through the provider, in the caller's
   * transaction, with its ledger line (no credit note: no invoice is issued before the address).
   */
  async function refundPart(tx: Tx, orderId: string, paise: number, reason: LedgerReason, now: Date) {
    return refundFromPayments(tx, {
      provider,
      orderId,
      wantedPaise: paise,
      receiptOf: (paymentId) => `gift-${orderId}-${paymentId}`,
      record: (made) =>
        recordRefund(tx, {
          orderId,
          kind: 'refunded',
          amountPaise: made.paise,
          reason,
          paymentId: made.paymentId,
          providerRef: made.providerRef,
          at: now,
        }),
      failed: (error) => {
        log.warn({ err: error, orderId }, 'the payment provider did not take a gift link’s refund');
        return unavailable(PAYMENT_MESSAGES.providerDown);
      },
    });
  }

  /** Cancels a link's paid order: its stock back at once, its payment due back in full. */
  async function cancelInFull(
    tx: Tx,
    order: OrderRow,
    state: 'declined' | 'expired',
    note: string,
    actor: 'system' | 'customer',
    now: Date,
  ) {
    await setOrderStatus(tx, { orderId: order.id, to: 'cancelled', at: now });
    await tx.update(giftLinks).set({ state, answeredAt: now }).where(eq(giftLinks.orderId, order.id));
    await releaseReservation(tx, order.id);
    await markRefundDue(tx, order.id, 'cancelled');
    await recordStatus(tx, { orderId: order.id, status: 'cancelled', note, actor, at: now });
  }

  /**
   * The address, day and slot given for a link, by its recipient (or, once it expired, by its
   * sender): the order gets them, its invoice, and the dearer slot's fee back when a cheaper one
   * was chosen, all in one transaction under the order's lock.
   */
  async function answerWith(link: LinkRow, answer: AcceptGiftLinkPayload, by: 'recipient' | 'sender') {
    if (!slotsOf(link).some((slot) => slot === answer.delivery.slot)) {
      throw invalid(GIFT_LINK_MESSAGES.slotNotAllowed, [
        { path: 'delivery', message: GIFT_LINK_MESSAGES.slotNotAllowed },
      ]);
    }
    const lines = await orderLinesOf(db, link.orderId);
    const pincode = answer.address.postalCode;
    const check = await lookupDelivery(pincode, { isPreOrder: lines.some((line) => line.isPreOrder) });
    if (deliveryRefusal(check.info)) throw conflict(GIFT_LINK_MESSAGES.notDelivered);
    const now = clock.now();
    const slots = await timedSlots();
    const problem = deliveryChoiceProblem(answer.delivery, check, now, { slots, pincode });
    if (problem) throw invalid(problem, [{ path: 'delivery', message: problem }]);
    const picked = slotFeeOf(answer.delivery, await midnightSlotFeePaise(), slots);
    const address = {
      ...answer.address,
      address: addressWithLandmark(answer.address.address, answer.landmark),
    };
    await db.transaction(async (tx) => {
      const { order } = await lockOpenLink(
        tx,
        link.orderId,
        by === 'sender' ? ['expired'] : ['sent', 'opened'],
      );
      const paidSlotPaise = feePaiseOf(await feesOfOrder(tx, order.id), 'delivery_slot');
      // The pick costs its own fee, never more than was paid: standard nothing, a timed slot its
      // own; midnight keeps what was paid for it unless a dearer timed slot was paid (decisions
      // 0081, 0090). The rest comes back.
      const midnightAsPaid = answer.delivery.slot === 'midnight' && !slotsOf(link).includes('timed');
      const slotPaise = midnightAsPaid ? paidSlotPaise : Math.min(paidSlotPaise, picked.paise);
      const cheaperBy = paidSlotPaise - slotPaise;
      await setOrderDelivery(tx, order.id, {
        address,
        info: check.info,
        chosen: answer.delivery,
        slots,
        totalPaise: order.totalPaise - cheaperBy,
        at: now,
      });
      await tx
        .update(giftLinks)
        .set({ state: 'addressed', answeredAt: now })
        .where(eq(giftLinks.orderId, order.id));
      if (cheaperBy > 0 || picked.label) {
        await setFee(tx, order.id, 'delivery_slot', slotPaise, picked.label ?? undefined);
      }
      if (cheaperBy > 0) {
        await refundPart(tx, order.id, cheaperBy, 'gift_delivery', now);
      }
      await recordStatus(tx, {
        orderId: order.id,
        status: order.status,
        note: [
          by === 'recipient'
            ? giftAddressedNote(deliveryChoiceText(answer.delivery))
            : giftSenderAddressedNote(deliveryChoiceText(answer.delivery)),
          cheaperBy > 0 ? giftCheaperDeliveryNote(formatPaise(cheaperBy)) : '',
        ]
          .filter(Boolean)
          .join('. '),
        at: now,
      });
      // CGST s.31: issued now, before dispatch, for the recipient's State.
      await issueInvoice(tx, order.id, now);
    });
  }

  /**
   * Counts a device or address that opened the link (once each); at GIFT_LINK_OPENERS_FLAGGED the
   * link is flagged and the owner told, once, in the same transaction.
   */
  async function countOpener(orderId: string, orderNumber: string, opener: string) {
    await db.transaction(async (tx) => {
      const [added] = await tx
        .insert(giftLinkOpens)
        .values({ orderId, openerHash: opener, createdAt: clock.now() })
        .onConflictDoNothing()
        .returning({ orderId: giftLinkOpens.orderId });
      if (!added) return;
      const [openers] = await tx
        .select({ value: count() })
        .from(giftLinkOpens)
        .where(eq(giftLinkOpens.orderId, orderId));
      if ((openers?.value ?? 0) < GIFT_LINK_OPENERS_FLAGGED) return;
      const [flagged] = await tx
        .update(giftLinks)
        .set({ flaggedAt: clock.now() })
        .where(and(eq(giftLinks.orderId, orderId), isNull(giftLinks.flaggedAt)))
        .returning({ orderId: giftLinks.orderId });
      if (!flagged) return;
      await ownerNotices.tell(tx, {
        key: `gift-link-flag-${orderId}`,
        kind: 'gift-link-flag',
        summary: `Gift link of order ${orderNumber} opened from ${GIFT_LINK_OPENERS_FLAGGED} devices or addresses`,
        link: ownerNotices.adminLink(`/orders/${orderId}`),
      });
    });
  }

  /**
   * The recipient's page: who sent it, the product or 'a surprise', the message. Marks it opened,
   * and counts who opened it (`opener`, from the page's request).
   */
  async function view(token: string, opener?: string): Promise<GiftLinkView> {
    const { link, order } = await liveLink(token);
    if (opener) await countOpener(order.id, order.orderNumber, opener);
    if (link.state === 'sent') {
      await db
        .update(giftLinks)
        .set({ state: 'opened', openedAt: clock.now() })
        .where(and(eq(giftLinks.orderId, link.orderId), eq(giftLinks.state, 'sent')));
    }
    const items = link.revealGift
      ? (await orderLinesOf(db, order.id)).map(({ name, image, quantity }) => ({ name, image, quantity }))
      : null;
    const slot = DeliverySlot.safeParse(order.deliverySlot);
    const thanks = await thanksOf(order.id);
    return {
      senderName: await senderNameOf(db, order),
      recipientName: link.recipientName,
      items,
      message: link.message,
      allowedSlots: slotsOf(link),
      state: link.state === 'sent' ? 'opened' : link.state,
      expiresAt: link.expiresAt.toISOString(),
      delivery: order.deliveryDate && slot.success ? { date: order.deliveryDate, slot: slot.data } : null,
      delivered: link.state === 'addressed' && order.status === 'delivered',
      thanks: thanks ? { note: thanks.note, photo: thanks.photoContentType !== null } : null,
    };
  }

  /** Cancels an expired link's order and refunds it in full, once; false when it was answered meanwhile. */
  async function refundExpired(orderId: string, actor: 'system' | 'customer'): Promise<boolean> {
    const done = await db.transaction(async (tx) => {
      const [link] = await tx.select().from(giftLinks).where(eq(giftLinks.orderId, orderId)).for('update');
      const order = await lockedOrderOf(tx, orderId);
      if (link?.state !== 'expired' || order?.status !== 'paid') return false;
      await cancelInFull(tx, order, 'expired', GIFT_EXPIRED_NOTE, actor, clock.now());
      return true;
    });
    if (!done) return false;
    await refundOrder(orderId);
    onStockChanged();
    return true;
  }

  /** The sender's own link (DESIGN 5: another's is 'not found'). */
  async function senderLink(userId: number, orderId: string): Promise<LinkRow> {
    const [link] = isOrderId(orderId)
      ? await db.select().from(giftLinks).where(eq(giftLinks.orderId, orderId))
      : [];
    const order = link ? await orderOf(db, orderId) : null;
    if (!link || order?.userId !== userId) throw notFound(GIFT_LINK_MESSAGES.notFound);
    return link;
  }

  /**
   * Sends a link: a new token (its hash replaces any before, so an older link stops working), by
   * SMS to the recipient's mobile and by e-mail to their address, whichever the sender gave.
   * False when neither went out: the number asked for no messages (STOP) or had its day's gift
   * messages (decision 0054), and no e-mail was given.
   */
  async function sendLink(tx: Tx, link: LinkRow, order: OrderRow, now: Date): Promise<boolean> {
    const token = newGiftLinkToken();
    const tokenHash = giftLinkTokenHashOf(token);
    await tx.update(giftLinks).set({ tokenHash, state: 'sent' }).where(eq(giftLinks.orderId, order.id));
    // Each sending is its own message (a resend at the same moment too): named by its token.
    const key = `gift-link-${order.id}-${tokenHash.slice(0, 16)}`;
    let reached = false;
    if (link.recipientPhone) {
      reached = await queueGiftLinkMessage(tx, {
        orderId: order.id,
        to: link.recipientPhone,
        key,
        token,
        recipientName: link.recipientName,
        at: now,
      });
    }
    if (link.recipientEmail) {
      await enqueueMail(
        tx,
        giftLinkMail(
          {
            recipient: link.recipientEmail,
            recipientName: link.recipientName,
            senderName: await senderNameOf(tx, order),
            link: `${store.publicUrl ?? ''}${giftLinkPathOf(token)}`,
            until: formatIndiaDay(indiaDateOf(link.expiresAt)),
          },
          store,
        ),
        now,
      );
      reached = true;
    }
    return reached;
  }

  return {
    ...createGiftLinkCheckout({ db, clock, provider, orders, giftLinkRules, onStockChanged }),

    /**
     * What a link allowing a timed slot costs now, for checkout to show (decision 0090): the
     * order's price is worked out again when it is placed, by the same rule.
     */
    async timedSlotFee(): Promise<GiftLinkTimedFee> {
      return { feePaise: giftLinkTimedFeePaise(await timedSlots()) };
    },

    /**
     * Sends the link of a gift link order that has just been paid, in the payment's transaction;
     * false when it reached nobody (sendLink), true when it went out or the order has no link.
     */
    async sendOnPayment(tx: Tx, order: OrderRow, now: Date): Promise<boolean> {
      const [link] = await tx
        .select()
        .from(giftLinks)
        .where(and(eq(giftLinks.orderId, order.id), eq(giftLinks.state, 'awaiting_payment')))
        .for('update');
      return link ? sendLink(tx, link, order, now) : true;
    },

    /**
     * The sender sends the link again, to a corrected number or address when given, while the
     * recipient has not opened it: a new token, so the link sent before stops working.
     */
    async resend(userId: number, orderId: string, to: GiftLinkResend): Promise<void> {
      await senderLink(userId, orderId);
      await db.transaction(async (tx) => {
        const [link] = await tx.select().from(giftLinks).where(eq(giftLinks.orderId, orderId)).for('update');
        const order = await orderOf(tx, orderId);
        if (!link || !order) throw notFound(GIFT_LINK_MESSAGES.notFound);
        if (link.state !== 'sent' || order.status !== 'paid')
          throw conflict(GIFT_LINK_MESSAGES.alreadyOpened);
        const [changed] = await tx
          .update(giftLinks)
          .set({
            recipientPhone: to.phone ?? (to.email ? null : link.recipientPhone),
            recipientEmail: to.email ?? (to.phone ? null : link.recipientEmail),
          })
          .where(eq(giftLinks.orderId, orderId))
          .returning();
        if (changed) await sendLink(tx, changed, order, clock.now());
      });
    },

    view,

    /**
     * The recipient thanks the sender, once, after the gift was delivered: the note is kept for the
     * sender's order page, and the sender hears of it on their own channels (queueGiftThanks).
     */
    async thank(token: string, note: string): Promise<GiftLinkView> {
      const { link, order } = await liveLink(token);
      if (link.state !== 'addressed' || order.status !== 'delivered') {
        throw conflict(GIFT_THANKS_MESSAGES.notYet);
      }
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [kept] = await tx
          .insert(giftThanks)
          .values({ orderId: order.id, note, createdAt: now })
          .onConflictDoNothing({ target: giftThanks.orderId })
          .returning({ orderId: giftThanks.orderId });
        if (!kept) throw conflict(GIFT_THANKS_MESSAGES.alreadyThanked);
        await queueGiftThanks(tx, { orderId: order.id, fromName: link.recipientName, note, at: now }, store);
        await onThanked(tx, order.id, link.recipientName, now);
      });
      return view(token);
    },

    /** The thank-you's one photo, after its note: re-encoded (its metadata dropped) as a return's is. */
    async addThanksPhoto(token: string, bytes: Buffer): Promise<GiftLinkView> {
      const { order } = await liveLink(token);
      const thanks = await thanksOf(order.id);
      if (!thanks) throw conflict(GIFT_THANKS_MESSAGES.photoFirst);
      if (thanks.photoContentType !== null) throw conflict(GIFT_THANKS_MESSAGES.photoTaken);
      const webp = await customerPhotoWebp(bytes);
      const [kept] = await db
        .update(giftThanks)
        .set({ photo: webp, photoContentType: 'image/webp' })
        .where(and(eq(giftThanks.orderId, order.id), isNull(giftThanks.photoContentType)))
        .returning({ orderId: giftThanks.orderId });
      if (!kept) throw conflict(GIFT_THANKS_MESSAGES.photoTaken);
      return view(token);
    },

    /** The thank-you's photo, for the sender of the gift only (another's is 'not found'). */
    async thanksPhotoForSender(userId: number, orderId: string) {
      await senderLink(userId, orderId);
      const [row] = await db
        .select({ contentType: giftThanks.photoContentType, bytes: giftThanks.photo })
        .from(giftThanks)
        .where(eq(giftThanks.orderId, orderId));
      if (!row?.contentType || !row.bytes) throw notFound('Photo not found');
      return { contentType: row.contentType, bytes: row.bytes };
    },

    /**
     * The recipient's answer: their address (pincode first, landmark), a day and a slot the sender
     * allowed and the pincode can have. The order becomes an ordinary one: its address, its
     * delivery, its invoice (place of supply: the recipient's State), and the dearer slot's fee
     * refunded when they chose a cheaper one, all in one transaction under the order's lock.
     */
    async accept(token: string, answer: AcceptGiftLinkPayload): Promise<GiftLinkView> {
      const { link } = await liveLink(token);
      await answerWith(link, answer, 'recipient');
      return view(token);
    },

    /** The recipient declines: the order is cancelled, its stock freed and the sender refunded in full. */
    async decline(token: string): Promise<GiftLinkView> {
      const { link } = await liveLink(token);
      await db.transaction(async (tx) => {
        const { order } = await lockOpenLink(tx, link.orderId);
        await cancelInFull(tx, order, 'declined', GIFT_DECLINED_NOTE, 'system', clock.now());
      });
      await refundOrder(link.orderId);
      onStockChanged();
      return view(token);
    },

    /**
     * Links past their life stop working and their senders are asked to choose (a refund, or the
     * address typed themselves); a link expired DAYS_TO_CHOOSE days without a choice is refunded
     * in full, its stock back. Each order is judged again under its lock, once, on any instance.
     */
    async expireDue(): Promise<number> {
      const now = clock.now();
      const lapsed = await db
        .update(giftLinks)
        .set({ state: 'expired', answeredAt: now })
        .where(and(inArray(giftLinks.state, ['sent', 'opened']), lte(giftLinks.expiresAt, now)))
        .returning({ orderId: giftLinks.orderId });
      for (const { orderId } of lapsed) {
        await db.transaction(async (tx) => {
          const order = await orderOf(tx, orderId);
          if (order) {
            await recordStatus(tx, { orderId, status: order.status, note: GIFT_LINK_LAPSED_NOTE, at: now });
          }
        });
      }
      const unchosen = await db
        .select({ orderId: giftLinks.orderId })
        .from(giftLinks)
        .where(
          and(
            eq(giftLinks.state, 'expired'),
            lte(giftLinks.expiresAt, new Date(now.getTime() - GIFT_LINK_DAYS_TO_CHOOSE * DAY_MS)),
          ),
        )
        .limit(SWEEP_BATCH);
      let refunded = 0;
      for (const { orderId } of unchosen) {
        if (await refundExpired(orderId, 'system')) refunded++;
      }
      return lapsed.length + refunded;
    },

    /** The sender's choice at expiry: a full refund. Their own orders only (another's is 404). */
    async refundExpiredForSender(userId: number, orderId: string): Promise<void> {
      const link = await senderLink(userId, orderId);
      if (link.state !== 'expired' || !(await refundExpired(orderId, 'customer'))) {
        throw conflict(GIFT_LINK_MESSAGES.notExpired);
      }
    },

    /** The sender's choice at expiry: they type the address themselves (they then know it). */
    async addressExpiredForSender(userId: number, orderId: string, answer: AcceptGiftLinkPayload) {
      const link = await senderLink(userId, orderId);
      if (link.state !== 'expired') throw conflict(GIFT_LINK_MESSAGES.notExpired);
      await answerWith(link, answer, 'sender');
    },
  };
}
