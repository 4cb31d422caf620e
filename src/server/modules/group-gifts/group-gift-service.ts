import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type {
  AdminGroupGift,
  ConfirmContributionPayload,
  ConfirmContributionResponse,
  ContributePayload,
  ContributeResponse,
  EditGroupGiftPayload,
  GroupGiftView,
  OpenGroupGiftPayload,
  OpenGroupGiftResponse,
} from '../../../shared/api/group-gifts';
import { PAYMENT_MESSAGES } from '../../../shared/api/payments';
import {
  contributionOverNote,
  contributionPaise,
  GROUP_GIFT_CLOSED_NOTE,
  GROUP_GIFT_MAX_DAYS,
  GROUP_GIFT_MESSAGES,
  GROUP_GIFT_MET_NOTE,
  GROUP_GIFT_REFUNDED_NOTE,
  GROUP_GIFT_SOLD_OUT_NOTE,
  GROUP_GIFTS_PER_DAY,
  type GroupGiftEvent,
  groupGiftPathOf,
  groupGiftProgress,
  TOP_UP_DAYS,
  takenOf,
  tooManyGroupGiftsMessage,
} from '../../../shared/group-gifts';
import { DAY_MS, indiaDateOf, indiaDayEnd } from '../../../shared/india-time';
import { formatPaise, toPaise, toRupees } from '../../../shared/money';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { groupGiftContributions, groupGifts, orderItems, orders, payments, users } from '../../db/schema';
import { AppError, conflict, forbidden, invalid, notFound, tooMany, unavailable } from '../../errors';
import { messageName, queueGroupGiftMessage } from '../notifications';
import {
  giftLinkTokenHashOf,
  markRefundDue,
  newGiftLinkToken,
  type OrderRow,
  type OrderService,
  recordCapturedPayment,
  recordMoney,
  recordStatus,
  reserveOrderAgain,
} from '../orders';
import type { PaymentProvider } from '../payment-providers';
import type { ProviderCapture } from '../payments';

export type GroupGiftService = ReturnType<typeof createGroupGiftService>;

type PoolRow = typeof groupGifts.$inferSelect;

const SWEEP_BATCH = 200;
// The back office's list is the newest pools; older ones are found through their orders.
const OWNER_LIST_LIMIT = 200;

/** What a captured share came to: what the pool kept and what went straight back. */
type ShareOutcome = { takenPaise: number; refundedPaise: number; recordedBefore: boolean };

/**
 * Decision 0084: a group gift. The organiser opens a pool for one order (priced and checked for
 * delivery when it opens, holding no stock); friends signed in by a one-time code pay shares into
 * that order's ledger through the payment provider, each confirmed only by the provider's
 * signature or webhook. The pool's row lock orders the confirmations: the one that meets the total
 * places the order (its stock taken then, the organiser its buyer of record); what any share paid
 * beyond the total goes back at once. Short at its deadline, the organiser may top up for a while;
 * then, or when the organiser closes it, every share goes back once through the ledger.
 */
export function createGroupGiftService({
  db,
  clock,
  provider,
  orders: orderService,
  placePooledOrder,
  refundOrder,
  log,
  onStockChanged = () => {},
}: {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  orders: OrderService;
  /** The payments module's: the met pool's order becomes paid as every order does. */
  placePooledOrder: (tx: Tx, order: OrderRow, note: string) => Promise<boolean>;
  /** The payments module's refund of what a cancellation made due (after the commit). */
  refundOrder: (orderId: string) => Promise<unknown>;
  log: FastifyBaseLogger;
  onStockChanged?: () => void;
}) {
  async function poolByToken(token: string): Promise<PoolRow> {
    const [pool] = await db
      .select()
      .from(groupGifts)
      .where(eq(groupGifts.tokenHash, giftLinkTokenHashOf(token)))
      .limit(1);
    if (!pool) throw notFound(GROUP_GIFT_MESSAGES.notFound);
    return pool;
  }

  /** The verified mobile of an account; null when it has none (signed in by e-mail only). */
  async function verifiedPhoneOf(runner: Db | Tx, userId: number): Promise<string | null> {
    const [user] = await runner
      .select({ phone: users.phone, verifiedAt: users.phoneVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    return user?.phone && user.verifiedAt ? user.phone : null;
  }

  /** Paise the pool holds: what it kept of every share still in it. */
  async function collectedPaiseOf(runner: Db | Tx, poolId: string): Promise<number> {
    const [row] = await runner
      .select({ paise: sql<string>`coalesce(sum(${groupGiftContributions.takenPaise}), 0)` })
      .from(groupGiftContributions)
      .where(and(eq(groupGiftContributions.groupGiftId, poolId), eq(groupGiftContributions.state, 'taken')));
    return Number(row?.paise ?? 0);
  }

  /** The deadline of a pool closing on `closesOn` (India), checked against today and the delivery. */
  function deadlineOf(closesOn: string, deliveryDate: string | null, now: Date): Date {
    if (closesOn < indiaDateOf(now)) {
      throw invalid(GROUP_GIFT_MESSAGES.deadlinePast, [
        { path: 'closesOn', message: GROUP_GIFT_MESSAGES.deadlinePast },
      ]);
    }
    if (closesOn > indiaDateOf(now, GROUP_GIFT_MAX_DAYS)) {
      throw invalid(GROUP_GIFT_MESSAGES.deadlineTooLate, [
        { path: 'closesOn', message: GROUP_GIFT_MESSAGES.deadlineTooLate },
      ]);
    }
    if (deliveryDate !== null && closesOn >= deliveryDate) {
      throw invalid(GROUP_GIFT_MESSAGES.deadlineAfterDelivery, [
        { path: 'closesOn', message: GROUP_GIFT_MESSAGES.deadlineAfterDelivery },
      ]);
    }
    return indiaDayEnd(closesOn);
  }

  async function view(pool: PoolRow, viewerId: number | null): Promise<GroupGiftView> {
    const [order] = await db.select().from(orders).where(eq(orders.id, pool.orderId));
    if (!order) throw notFound(GROUP_GIFT_MESSAGES.notFound);
    const [organiser] = await db
      .select({ name: users.fullName })
      .from(users)
      .where(eq(users.id, pool.organiserId));
    const shares = await db
      .select({
        id: groupGiftContributions.id,
        userId: groupGiftContributions.userId,
        takenPaise: groupGiftContributions.takenPaise,
        shownName: groupGiftContributions.shownName,
        note: groupGiftContributions.note,
        state: groupGiftContributions.state,
      })
      .from(groupGiftContributions)
      .where(
        and(
          eq(groupGiftContributions.groupGiftId, pool.id),
          inArray(groupGiftContributions.state, pool.state === 'refunded' ? ['refunded'] : ['taken']),
        ),
      )
      .orderBy(asc(groupGiftContributions.id));
    const items = pool.surprise
      ? null
      : await db
          .select({ name: orderItems.name, image: orderItems.image, quantity: orderItems.quantity })
          .from(orderItems)
          .where(eq(orderItems.orderId, order.id))
          .orderBy(asc(orderItems.id));
    const collected =
      pool.state === 'refunded' ? 0 : shares.reduce((sum, share) => sum + share.takenPaise, 0);
    const friends = new Set(shares.map((share) => share.userId)).size;
    const isOrganiser = viewerId === pool.organiserId;
    return {
      items,
      recipientName: pool.recipientName,
      organiserName: messageName(organiser?.name, 'A friend'),
      message: pool.message,
      targetAmount: toRupees(order.totalPaise),
      collectedAmount: toRupees(collected),
      remainingAmount: toRupees(Math.max(0, order.totalPaise - collected)),
      contributorCount: friends,
      progress: groupGiftProgress(collected, order.totalPaise, friends),
      suggestedShare: pool.suggestedSharePaise === null ? null : toRupees(pool.suggestedSharePaise),
      closesAt: pool.deadline.toISOString(),
      state: pool.state,
      // Only names the contributors chose to show, with their notes; never a number or an amount.
      contributors: shares.flatMap((share) =>
        share.shownName ? [{ id: share.id, name: share.shownName, note: share.note }] : [],
      ),
      isOrganiser,
      orderNumber: isOrganiser && pool.state === 'met' ? order.orderNumber : null,
    };
  }

  /** One piece of a pool's news by SMS to one account's verified mobile, once per `key`. */
  async function tell(
    tx: Tx,
    pool: PoolRow,
    userId: number,
    event: GroupGiftEvent,
    key: string,
    figures: { paise: number; takenPaise?: number },
    now: Date,
  ) {
    const phone = await verifiedPhoneOf(tx, userId);
    if (!phone) return;
    await queueGroupGiftMessage(tx, {
      orderId: pool.orderId,
      to: phone,
      key: `group-gift-${pool.id}-${key}`,
      details: {
        event,
        recipientName: pool.recipientName,
        paise: figures.paise,
        takenPaise: figures.takenPaise ?? 0,
      },
      at: now,
    });
  }

  /**
   * Gives every share of a pool back, in the caller's transaction under the pool's lock: the
   * pool refunded, its order cancelled (its payments due back: the payments module refunds each
   * once, after the commit, and its sweep retries one the provider did not take), each
   * contributor told. The order's customer is not sent each share's refund notice.
   */
  async function refundPool(tx: Tx, pool: PoolRow, note: string, now: Date) {
    await tx.update(groupGifts).set({ state: 'refunded', closedAt: now }).where(eq(groupGifts.id, pool.id));
    const [cancelled] = await tx
      .update(orders)
      .set({ status: 'cancelled', notify: null, updatedAt: now })
      .where(and(eq(orders.id, pool.orderId), eq(orders.status, 'pending')))
      .returning({ id: orders.id });
    if (cancelled) {
      await markRefundDue(tx, pool.orderId, 'cancelled');
      await recordStatus(tx, { orderId: pool.orderId, status: 'cancelled', note, at: now });
    }
    const shares = await tx
      .update(groupGiftContributions)
      .set({ state: 'refunded' })
      .where(and(eq(groupGiftContributions.groupGiftId, pool.id), eq(groupGiftContributions.state, 'taken')))
      .returning();
    for (const share of shares) {
      await tell(
        tx,
        pool,
        share.userId,
        'refunded',
        `refunded-${share.id}`,
        { paise: share.takenPaise },
        now,
      );
    }
  }

  /**
   * Records a share the provider captured, once (the payment row is unique per provider payment),
   * under the pool's row lock: the pool keeps what still fits (takenOf), what does not goes back to
   * the payer at once, and the share that meets the total places the order. Null when the provider
   * order is no share of ours.
   */
  async function captureShare(input: ProviderCapture): Promise<ShareOutcome | null> {
    const [found] = await db
      .select()
      .from(groupGiftContributions)
      .where(eq(groupGiftContributions.providerOrderId, input.providerOrderId))
      .limit(1);
    if (!found) return null;
    let refundAfter: string | null = null;
    let placed = false;
    const outcome = await db.transaction(async (tx): Promise<ShareOutcome> => {
      const [pool] = await tx
        .select()
        .from(groupGifts)
        .where(eq(groupGifts.id, found.groupGiftId))
        .for('update');
      const [order] = pool
        ? await tx.select().from(orders).where(eq(orders.id, pool.orderId)).for('update')
        : [];
      if (!pool || !order) throw new Error(`Group gift ${found.groupGiftId} vanished`);
      const now = clock.now();
      const payment = await recordCapturedPayment(tx, {
        orderId: order.id,
        provider: provider.name,
        providerOrderId: input.providerOrderId,
        paymentId: input.paymentId,
        amountPaise: input.amountPaise,
        currency: input.currency,
        method: input.method,
        at: now,
      });
      if (!payment) {
        // Heard of before (the webhook and the window both tell of it): its first outcome stands.
        const [share] = await tx
          .select()
          .from(groupGiftContributions)
          .where(eq(groupGiftContributions.id, found.id));
        return {
          takenPaise: share?.takenPaise ?? 0,
          refundedPaise: share?.paymentId ? share.amountPaise - share.takenPaise : 0,
          recordedBefore: true,
        };
      }
      const [share] = await tx
        .select()
        .from(groupGiftContributions)
        .where(eq(groupGiftContributions.id, found.id))
        .for('update');
      if (!share) throw new Error(`Contribution ${found.id} vanished`);
      const collected = await collectedPaiseOf(tx, pool.id);
      // A share counts only as the amount its window was opened for, in rupees, once.
      const asStarted =
        share.paymentId === null && input.amountPaise === share.amountPaise && input.currency === 'INR';
      const collecting =
        asStarted && (pool.state === 'open' || (pool.state === 'short' && share.userId === pool.organiserId));
      const taken = takenOf(input.amountPaise, order.totalPaise - collected, collecting);
      const over = input.amountPaise - taken;
      if (share.paymentId === null) {
        await tx
          .update(groupGiftContributions)
          .set({
            paymentId: payment.id,
            takenPaise: taken,
            state: taken > 0 ? 'taken' : 'refunded',
            confirmedAt: now,
          })
          .where(eq(groupGiftContributions.id, share.id));
      }
      if (over > 0) {
        // Given back now, inside the transaction, so the share is never counted without its refund
        // (a provider that does not answer rolls it all back; its webhook is retried).
        let refundRef: string;
        try {
          refundRef = (await provider.refund(input.paymentId, over, `share-over-${payment.id}`)).id;
        } catch (error) {
          log.warn(
            { err: error, paymentId: input.paymentId },
            'the payment provider did not take a share’s refund',
          );
          throw unavailable(PAYMENT_MESSAGES.providerDown);
        }
        await tx
          .update(payments)
          .set({ refundedPaise: over, status: over === input.amountPaise ? 'refunded' : 'captured' })
          .where(eq(payments.id, payment.id));
        await recordMoney(tx, {
          orderId: order.id,
          kind: 'refunded',
          amountPaise: over,
          reason: 'group_gift_over',
          paymentId: payment.id,
          providerRef: refundRef,
          at: now,
          tellCustomer: false,
        });
        await tell(
          tx,
          pool,
          share.userId,
          'over',
          `over-${payment.id}`,
          { paise: over, takenPaise: taken },
          now,
        );
      } else {
        await tell(tx, pool, share.userId, 'taken', `taken-${payment.id}`, { paise: taken }, now);
      }
      if (taken > 0 && collected + taken === order.totalPaise) {
        if (await reserveOrderAgain(tx, order.id)) {
          await placePooledOrder(tx, order, GROUP_GIFT_MET_NOTE);
          await tx.update(groupGifts).set({ state: 'met', closedAt: now }).where(eq(groupGifts.id, pool.id));
          const everyone = await tx
            .select({ userId: groupGiftContributions.userId })
            .from(groupGiftContributions)
            .where(
              and(eq(groupGiftContributions.groupGiftId, pool.id), eq(groupGiftContributions.state, 'taken')),
            );
          for (const userId of new Set(everyone.map((row) => row.userId))) {
            await tell(tx, pool, userId, 'met', `met-${userId}`, { paise: 0 }, now);
          }
          placed = true;
        } else {
          // The gift sold out while the pool collected: everyone's share goes back.
          await refundPool(tx, pool, GROUP_GIFT_SOLD_OUT_NOTE, now);
          refundAfter = order.id;
        }
      }
      return { takenPaise: taken, refundedPaise: over, recordedBefore: false };
    });
    if (refundAfter) await refundOrder(refundAfter);
    if (placed) onStockChanged();
    return outcome;
  }

  /** The organiser's own pool (another account is refused, and learns nothing more). */
  async function organisersPool(userId: number, token: string): Promise<PoolRow> {
    const pool = await poolByToken(token);
    if (pool.organiserId !== userId) throw forbidden(GROUP_GIFT_MESSAGES.organiserOnly);
    return pool;
  }

  /** Refunds an open or short pool in full, once, under its lock; false when it had closed. */
  async function refundIfCollecting(
    poolId: string,
    note: string,
    states: PoolRow['state'][],
  ): Promise<boolean> {
    const pool = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(groupGifts).where(eq(groupGifts.id, poolId)).for('update');
      if (!locked || !states.includes(locked.state)) return null;
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, locked.orderId)).for('update');
      await refundPool(tx, locked, note, clock.now());
      return locked;
    });
    if (!pool) return false;
    await refundOrder(pool.orderId);
    return true;
  }

  return {
    /**
     * Opens a pool: its order priced and checked now (the organiser's buyer of record), its link's
     * token made (only its hash kept) and answered this once, within the organiser's pools a day.
     */
    async open(userId: number, payload: OpenGroupGiftPayload): Promise<OpenGroupGiftResponse> {
      if (!(await verifiedPhoneOf(db, userId))) throw forbidden(GROUP_GIFT_MESSAGES.phoneNeeded);
      const now = clock.now();
      const deadline = deadlineOf(payload.closesOn, payload.delivery?.date ?? null, now);
      const token = newGiftLinkToken();
      await orderService.createGroupGiftOrder(userId, payload, deadline, async (tx, order, at) => {
        // Counted under the organiser's row lock (createGroupGiftOrder takes it).
        const [opened] = await tx
          .select({ value: count() })
          .from(groupGifts)
          .where(
            and(
              eq(groupGifts.organiserId, userId),
              gte(groupGifts.createdAt, new Date(at.getTime() - DAY_MS)),
            ),
          );
        if ((opened?.value ?? 0) >= GROUP_GIFTS_PER_DAY) {
          throw tooMany(tooManyGroupGiftsMessage(GROUP_GIFTS_PER_DAY), 60 * 60);
        }
        await tx.insert(groupGifts).values({
          orderId: order.id,
          organiserId: userId,
          tokenHash: giftLinkTokenHashOf(token),
          recipientName: payload.recipientName,
          message: payload.message ? payload.message : null,
          surprise: payload.surprise,
          suggestedSharePaise: payload.suggestedShare === undefined ? null : toPaise(payload.suggestedShare),
          deadline,
          createdAt: at,
        });
      });
      const pool = await poolByToken(token);
      return { token, path: groupGiftPathOf(token), pool: await view(pool, userId) };
    },

    async view(token: string, viewerId: number | null): Promise<GroupGiftView> {
      return view(await poolByToken(token), viewerId);
    },

    /**
     * A friend starts a share: signed in with a verified mobile, at least the minimum (or all that
     * remains when less does), capped at what remains now. The provider's order is made for it;
     * nothing counts until the provider confirms the payment.
     */
    async contribute(userId: number, token: string, payload: ContributePayload): Promise<ContributeResponse> {
      const pool = await poolByToken(token);
      if (!(await verifiedPhoneOf(db, userId))) throw forbidden(GROUP_GIFT_MESSAGES.phoneNeeded);
      const now = clock.now();
      const collecting =
        (pool.state === 'open' && now < pool.deadline) ||
        (pool.state === 'short' && userId === pool.organiserId);
      if (!collecting)
        throw conflict(pool.state === 'met' ? GROUP_GIFT_MESSAGES.complete : GROUP_GIFT_MESSAGES.closed);
      const [order] = await db
        .select({ totalPaise: orders.totalPaise })
        .from(orders)
        .where(eq(orders.id, pool.orderId));
      const remaining = (order?.totalPaise ?? 0) - (await collectedPaiseOf(db, pool.id));
      if (remaining <= 0) throw conflict(GROUP_GIFT_MESSAGES.complete);
      const paise = contributionPaise(toPaise(payload.amount), remaining);
      if (paise === null) {
        throw invalid(GROUP_GIFT_MESSAGES.tooLittle, [
          { path: 'amount', message: GROUP_GIFT_MESSAGES.tooLittle },
        ]);
      }
      const [share] = await db
        .insert(groupGiftContributions)
        .values({
          groupGiftId: pool.id,
          userId,
          amountPaise: paise,
          shownName: payload.shownName ?? null,
          note: payload.note ? payload.note : null,
          createdAt: now,
        })
        .returning({ id: groupGiftContributions.id });
      if (!share) throw new Error('Inserting a contribution returned no row');
      let providerOrder: Awaited<ReturnType<PaymentProvider['createOrder']>>;
      try {
        providerOrder = await provider.createOrder({
          amountPaise: paise,
          receipt: `GG-${share.id}`,
          notes: { groupGiftId: pool.id, contributionId: String(share.id) },
        });
      } catch (error) {
        log.warn(
          { err: error, groupGiftId: pool.id },
          'could not make the payment provider’s order for a share',
        );
        throw unavailable(PAYMENT_MESSAGES.providerDown);
      }
      await db
        .update(groupGiftContributions)
        .set({ providerOrderId: providerOrder.id })
        .where(eq(groupGiftContributions.id, share.id));
      return {
        contributionId: share.id,
        amount: toRupees(paise),
        order: { id: providerOrder.id, amount: paise, currency: 'INR' },
        keyId: provider.keyId,
        provider: provider.name,
      };
    },

    /**
     * The checkout window's answer for a share: counted only when the provider's signature is good
     * for this share's own provider order; the captured amount is the provider's to say.
     */
    async confirm(
      userId: number,
      token: string,
      contributionId: number,
      payload: ConfirmContributionPayload,
    ): Promise<ConfirmContributionResponse> {
      const pool = await poolByToken(token);
      const [share] = await db
        .select()
        .from(groupGiftContributions)
        .where(
          and(
            eq(groupGiftContributions.id, contributionId),
            eq(groupGiftContributions.groupGiftId, pool.id),
            eq(groupGiftContributions.userId, userId),
          ),
        );
      if (!share) throw notFound(GROUP_GIFT_MESSAGES.notFound);
      const genuine =
        share.providerOrderId !== null &&
        share.providerOrderId === payload.razorpay_order_id &&
        provider.verifyPaymentSignature({
          providerOrderId: payload.razorpay_order_id,
          paymentId: payload.razorpay_payment_id,
          signature: payload.razorpay_signature,
        });
      if (!genuine) throw invalid(GROUP_GIFT_MESSAGES.verificationFailed);
      let reported: Awaited<ReturnType<PaymentProvider['fetchPayment']>>;
      try {
        reported = await provider.fetchPayment(payload.razorpay_payment_id);
      } catch (error) {
        log.warn({ err: error, contributionId }, 'could not ask the payment provider about a share');
        throw new AppError('unavailable', PAYMENT_MESSAGES.providerUnreachable);
      }
      const outcome = await captureShare({
        providerOrderId: payload.razorpay_order_id,
        paymentId: payload.razorpay_payment_id,
        amountPaise: reported?.amountPaise ?? share.amountPaise,
        currency: reported ? reported.currency : 'INR',
        method: null,
      });
      const taken = outcome?.takenPaise ?? 0;
      const refunded = outcome?.refundedPaise ?? 0;
      return {
        takenAmount: toRupees(taken),
        refundedAmount: toRupees(refunded),
        message:
          refunded > 0
            ? contributionOverNote(refunded, taken)
            : `Thank you! Your ${formatPaise(taken)} is in the group gift.`,
        pool: await view(await poolByToken(token), userId),
      };
    },

    /**
     * Decision 0081's thank-you of a pool's recipient, forwarded in its transaction: each friend
     * whose share is in hears that the recipient thanked everyone (their name only, not the note).
     */
    async forwardThanks(tx: Tx, orderId: string, fromName: string, at: Date): Promise<void> {
      const [pool] = await tx.select().from(groupGifts).where(eq(groupGifts.orderId, orderId));
      if (!pool) return;
      const friends = await tx
        .select({ userId: groupGiftContributions.userId })
        .from(groupGiftContributions)
        .where(
          and(eq(groupGiftContributions.groupGiftId, pool.id), eq(groupGiftContributions.state, 'taken')),
        );
      const thanked = { ...pool, recipientName: fromName };
      for (const userId of new Set(friends.map((row) => row.userId))) {
        await tell(tx, thanked, userId, 'thanks', `thanks-${userId}`, { paise: 0 }, at);
      }
    },

    /** The webhook's word on a share (payments module's otherPayments); false when not a share. */
    async captureFromWebhook(payment: ProviderCapture): Promise<boolean> {
      return (await captureShare(payment)) !== null;
    },

    /** The organiser changes the message or the deadline while the pool collects. */
    async edit(userId: number, token: string, changes: EditGroupGiftPayload): Promise<GroupGiftView> {
      const pool = await organisersPool(userId, token);
      if (pool.state !== 'open') throw conflict(GROUP_GIFT_MESSAGES.closed);
      const [order] = await db
        .select({ deliveryDate: orders.deliveryDate })
        .from(orders)
        .where(eq(orders.id, pool.orderId));
      const deadline = changes.closesOn
        ? deadlineOf(changes.closesOn, order?.deliveryDate ?? null, clock.now())
        : pool.deadline;
      await db
        .update(groupGifts)
        .set({
          deadline,
          ...(changes.message === undefined ? {} : { message: changes.message ? changes.message : null }),
        })
        .where(and(eq(groupGifts.id, pool.id), eq(groupGifts.state, 'open')));
      return view(await poolByToken(token), userId);
    },

    /** The organiser closes the pool before it is met: every share goes back, each once. */
    async close(userId: number, token: string): Promise<GroupGiftView> {
      const pool = await organisersPool(userId, token);
      if (!(await refundIfCollecting(pool.id, GROUP_GIFT_CLOSED_NOTE, ['open', 'short']))) {
        throw conflict(GROUP_GIFT_MESSAGES.closed);
      }
      return view(await poolByToken(token), userId);
    },

    /** The owner's pools, newest first (at most 200), each with every share started. */
    async ownerList(state?: PoolRow['state']): Promise<AdminGroupGift[]> {
      const pools = await db
        .select({
          pool: groupGifts,
          orderNumber: orders.orderNumber,
          totalPaise: orders.totalPaise,
          organiser: users.fullName,
        })
        .from(groupGifts)
        .innerJoin(orders, eq(orders.id, groupGifts.orderId))
        .innerJoin(users, eq(users.id, groupGifts.organiserId))
        .where(state ? eq(groupGifts.state, state) : undefined)
        .orderBy(desc(groupGifts.createdAt))
        .limit(OWNER_LIST_LIMIT);
      const shares = pools.length
        ? await db
            .select({ share: groupGiftContributions, name: users.fullName })
            .from(groupGiftContributions)
            .innerJoin(users, eq(users.id, groupGiftContributions.userId))
            .where(
              inArray(
                groupGiftContributions.groupGiftId,
                pools.map((row) => row.pool.id),
              ),
            )
            .orderBy(asc(groupGiftContributions.id))
        : [];
      return pools.map(({ pool, orderNumber, totalPaise, organiser }) => {
        const own = shares.filter((row) => row.share.groupGiftId === pool.id);
        return {
          id: pool.id,
          orderId: pool.orderId,
          orderNumber,
          recipientName: pool.recipientName,
          organiserName: organiser,
          state: pool.state,
          targetAmount: toRupees(totalPaise),
          collectedAmount: toRupees(
            own
              .filter((row) => row.share.state === 'taken')
              .reduce((sum, row) => sum + row.share.takenPaise, 0),
          ),
          closesAt: pool.deadline.toISOString(),
          createdAt: pool.createdAt.toISOString(),
          contributions: own.map(({ share, name }) => ({
            id: share.id,
            name,
            amount: toRupees(share.amountPaise),
            taken: toRupees(share.takenPaise),
            state: share.state,
            confirmedAt: share.confirmedAt?.toISOString() ?? null,
          })),
        };
      });
    },

    /**
     * The background job: pools past their deadline short stop collecting and their organisers are
     * told (they may top up for TOP_UP_DAYS); pools short past that are refunded in full. Each pool
     * is judged again under its lock, once, on any instance.
     */
    async expireDue(): Promise<number> {
      const now = clock.now();
      const due = await db
        .select({ id: groupGifts.id })
        .from(groupGifts)
        .where(and(eq(groupGifts.state, 'open'), lte(groupGifts.deadline, now)))
        .limit(SWEEP_BATCH);
      let changed = 0;
      for (const { id } of due) {
        const shortBy = await db.transaction(async (tx) => {
          const [pool] = await tx.select().from(groupGifts).where(eq(groupGifts.id, id)).for('update');
          if (pool?.state !== 'open') return null;
          const [order] = await tx
            .select({ totalPaise: orders.totalPaise })
            .from(orders)
            .where(eq(orders.id, pool.orderId));
          const remaining = (order?.totalPaise ?? 0) - (await collectedPaiseOf(tx, pool.id));
          await tx.update(groupGifts).set({ state: 'short' }).where(eq(groupGifts.id, pool.id));
          await tell(tx, pool, pool.organiserId, 'short', 'short', { paise: remaining }, now);
          return remaining;
        });
        if (shortBy !== null) changed++;
      }
      const lapsed = await db
        .select({ id: groupGifts.id })
        .from(groupGifts)
        .where(
          and(
            eq(groupGifts.state, 'short'),
            lte(groupGifts.deadline, new Date(now.getTime() - TOP_UP_DAYS * DAY_MS)),
          ),
        )
        .limit(SWEEP_BATCH);
      for (const { id } of lapsed) {
        if (await refundIfCollecting(id, GROUP_GIFT_REFUNDED_NOTE, ['short'])) changed++;
      }
      return changed;
    },
  };
}
