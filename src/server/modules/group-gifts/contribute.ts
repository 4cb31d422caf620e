import { and, eq } from 'drizzle-orm';
import type {
  ConfirmContributionPayload,
  ConfirmContributionResponse,
  ContributePayload,
  ContributeResponse,
} from '../../../shared/api/group-gifts';
import { PAYMENT_MESSAGES } from '../../../shared/api/payments';
import {
  contributionOverNote,
  contributionPaise,
  GROUP_GIFT_MESSAGES,
  GROUP_GIFT_MET_NOTE,
  takenOf,
  tooLittleShareMessage,
  tooMuchShareMessage,
} from '../../../shared/group-gifts';
import { formatPaise, toPaise, toRupees } from '../../../shared/money';
import { AppError, conflict, forbidden, invalid, notFound, unavailable } from '../../errors';
import { recordCapturedPayment } from '../money-ledger';
import { lockedOrderOf, orderOf, reserveOrderAgain } from '../orders';
import type { PaymentProvider, ProviderCapture } from '../payment-providers';
import type { PoolMeeting } from './meet-pool';
import type { GroupGiftDeps, PoolRecords } from './pool-records';
import type { ShareRefunds } from './share-refunds';
import { groupGiftContributions, groupGifts } from './tables';

/** What a captured share came to: what the pool kept and what went straight back. */
type ShareOutcome = { takenPaise: number; refundedPaise: number; recordedBefore: boolean };

/**
 * Decision 0084: a friend's share, from its provider order to the pool's ledger. Each counts only on
 * the provider's signature for its own provider order, or its signed webhook; the pool's row lock
 * orders the confirmations, and the one that meets the total places the order.
 */
export function createPoolContributions(
  deps: GroupGiftDeps,
  { poolByToken, verifiedPhoneOf, collectedPaiseOf, view, tell }: PoolRecords,
  { giveBack }: ShareRefunds,
  { placeMet, awaitChoice }: Pick<PoolMeeting, 'placeMet' | 'awaitChoice'>,
) {
  const { db, clock, provider, log, rules, onStockChanged = () => {} } = deps;

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
    let placed = false;
    const outcome = await db.transaction(async (tx): Promise<ShareOutcome> => {
      const [pool] = await tx
        .select()
        .from(groupGifts)
        .where(eq(groupGifts.id, found.groupGiftId))
        .for('update');
      const order = pool ? await lockedOrderOf(tx, pool.orderId) : null;
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
        await giveBack(tx, pool, {
          payment,
          paise: over,
          userId: share.userId,
          reason: 'group_gift_over',
          event: 'over',
          takenPaise: taken,
          now,
        });
      } else {
        await tell(tx, pool, share.userId, 'taken', `taken-${payment.id}`, { paise: taken }, now);
      }
      if (taken > 0 && collected + taken === order.totalPaise) {
        if (await reserveOrderAgain(tx, order.id)) {
          await placeMet(tx, pool, order, GROUP_GIFT_MET_NOTE, now);
          placed = true;
        } else {
          await awaitChoice(tx, pool, order, now);
        }
      }
      return { takenPaise: taken, refundedPaise: over, recordedBefore: false };
    });
    if (placed) onStockChanged();
    return outcome;
  }

  return {
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
      const order = await orderOf(db, pool.orderId);
      const remaining = (order?.totalPaise ?? 0) - (await collectedPaiseOf(db, pool.id));
      if (remaining <= 0) throw conflict(GROUP_GIFT_MESSAGES.complete);
      const bounds = await rules();
      const paise = contributionPaise(toPaise(payload.amount), remaining, bounds);
      if (typeof paise !== 'number') {
        const message =
          paise === 'too_little'
            ? tooLittleShareMessage(bounds.minPaise)
            : tooMuchShareMessage(bounds.maxPaise);
        throw invalid(message, [{ path: 'amount', message }]);
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

    /** The webhook's word on a share (payments module's otherPayments); false when not a share. */
    async captureFromWebhook(payment: ProviderCapture): Promise<boolean> {
      return (await captureShare(payment)) !== null;
    },
  };
}
