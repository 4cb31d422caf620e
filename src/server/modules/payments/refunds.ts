import { and, asc, eq, isNotNull, isNull, not, notExists, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { StoreIdentity } from '../../store-identity';
import { groupGiftContributions } from '../group-gifts/tables';
import { recordRefund } from '../invoices';
import { enqueueMail, paymentRefundedMail, type RefundReason } from '../mail';
import { refundDuePaiseOf, refundDueWhere } from '../money-ledger';
import { payments } from '../money-ledger/tables';
import { mailOrderOf } from '../order-records';
import { recordStatus } from '../orders';
import { orders } from '../orders/tables';
import type { PaymentProvider } from '../payment-providers';
import {
  cancellationRefundedNote,
  REFUNDED_ADDRESS_CHANGE_NOTE,
  REFUNDED_DUPLICATE_NOTE,
  REFUNDED_MISMATCH_NOTE,
  REFUNDED_OUT_OF_STOCK_NOTE,
} from './payment-notes';

const REFUND_NOTES: Record<RefundReason, string> = {
  out_of_stock: REFUNDED_OUT_OF_STOCK_NOTE,
  duplicate: REFUNDED_DUPLICATE_NOTE,
  amount_mismatch: REFUNDED_MISMATCH_NOTE,
  address_change_lapsed: REFUNDED_ADDRESS_CHANGE_NOTE,
};

/** Why a payment goes back: the store's own reasons (mailed here), or its order's cancellation. */
export type PaymentRefundReason = RefundReason | 'cancelled';

const isPaymentRefundReason = (value: string | null): value is PaymentRefundReason =>
  value === 'cancelled' || (value !== null && value in REFUND_NOTES);

const RETRY_BATCH = 50;

export type Refunds = ReturnType<typeof createRefunds>;

/**
 * Money that must go back: a payment on an order that expired unpaid, a second payment, one that
 * does not match its order, and what is left of the payments of a cancelled order.
 */
export function createRefunds({
  db,
  clock,
  provider,
  store,
  log,
}: {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  store: StoreIdentity;
  log: FastifyBaseLogger;
}) {
  /**
   * Refunds what is left of a captured payment through the provider and marks it refunded, once:
   * the payment's row is locked (SKIP LOCKED, so a second instance passes it by) for the provider
   * call, and the provider is given a receipt that names this refund, so a call repeated after a
   * crash is one refund there too. A failed call leaves it captured (and due) for
   * retryUnfinishedWork. Answers the paise refunded (0 when nothing was).
   */
  async function refundPayment(paymentRowId: number, reason: PaymentRefundReason): Promise<number> {
    try {
      return await db.transaction(async (tx) => {
        const [payment] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.id, paymentRowId), eq(payments.status, 'captured')))
          .for('update', { skipLocked: true });
        if (!payment?.providerPaymentId) return 0;
        const paise = payment.amountPaise - payment.refundedPaise;
        if (paise <= 0) return 0;
        const receipt = `refund-${payment.id}-${payment.refundedPaise}`;
        const refund = await provider.refund(payment.providerPaymentId, paise, receipt);
        const now = clock.now();
        await tx
          .update(payments)
          .set({ status: 'refunded', refundedPaise: payment.amountPaise, refundDueReason: null })
          .where(eq(payments.id, payment.id));
        await recordRefund(tx, {
          orderId: payment.orderId,
          kind: 'refunded',
          amountPaise: paise,
          reason,
          paymentId: payment.id,
          providerRef: refund.id,
          at: now,
        });
        const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId));
        if (!order) return paise;
        await recordStatus(tx, {
          orderId: order.id,
          status: order.status,
          note: reason === 'cancelled' ? cancellationRefundedNote(paise) : REFUND_NOTES[reason],
          at: now,
        });
        // The cancellation's own e-mail has told the customer of this refund.
        if (reason !== 'cancelled') {
          await enqueueMail(tx, paymentRefundedMail(await mailOrderOf(tx, order), paise, reason, store), now);
        }
        return paise;
      });
    } catch (error) {
      log.error({ err: error, paymentRowId }, 'refunding a payment failed; it will be retried');
      return 0;
    }
  }

  return {
    refundPayment,

    /**
     * The refunds a cancellation made due, now; answers what went back and what is
     * still due (the provider did not take it, or another instance is making it).
     */
    async refundOrder(orderId: string): Promise<{ refundedPaise: number; duePaise: number }> {
      const due = await db
        .select({ id: payments.id, reason: payments.refundDueReason })
        .from(payments)
        .where(refundDueWhere(orderId))
        .orderBy(asc(payments.id));
      let refundedPaise = 0;
      for (const payment of due) {
        if (isPaymentRefundReason(payment.reason))
          refundedPaise += await refundPayment(payment.id, payment.reason);
      }
      return { refundedPaise, duePaise: await refundDuePaiseOf(db, orderId) };
    },

    /** Refunds the provider did not take before (a failed call, a crash); answers how many went. */
    async refundDuePayments(): Promise<number> {
      // Captured payments that must go back: on an order that expired unpaid, one that does not
      // match its order's total, or a second matching one.
      const matchesOrder = and(
        eq(payments.amountPaise, orders.totalPaise),
        eq(payments.currency, orders.currency),
      );
      const due = await db
        .select({
          id: payments.id,
          status: orders.status,
          dueReason: payments.refundDueReason,
          matches: sql<boolean>`${matchesOrder}`,
        })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(
          and(
            eq(payments.provider, provider.name),
            eq(payments.status, 'captured'),
            isNotNull(payments.providerPaymentId),
            or(
              isNotNull(payments.refundDueReason),
              and(eq(orders.status, 'cancelled'), isNull(orders.paidAt)),
              // Payments captured before capture marked them, guessed from the order: never a
              // group gift's share, which pays part of its order's total by design (decision
              // 0084), nor a change of address's difference, checked against its own (decision
              // 0085); a mismatch only while the order is unpaid, as a paid order's total moves
              // with its edits (a line removed, a cheaper or dearer delivery) and its payments do not.
              and(
                isNull(payments.addressEditId),
                notExists(
                  db
                    .select({ id: groupGiftContributions.id })
                    .from(groupGiftContributions)
                    .where(eq(groupGiftContributions.paymentId, payments.id)),
                ),
                or(
                  and(isNull(orders.paidAt), not(matchesOrder ?? sql`true`)),
                  sql`exists (select 1 from ${payments} as earlier where earlier.order_id = ${payments.orderId} and earlier.status = 'captured' and earlier.amount_paise = ${orders.totalPaise} and earlier.currency = ${orders.currency} and earlier.id < ${payments.id})`,
                ),
              ),
            ),
          ),
        )
        .orderBy(asc(payments.id))
        .limit(RETRY_BATCH);
      let refunds = 0;
      for (const payment of due) {
        const reason: PaymentRefundReason = isPaymentRefundReason(payment.dueReason)
          ? payment.dueReason
          : !payment.matches
            ? 'amount_mismatch'
            : payment.status === 'cancelled'
              ? 'out_of_stock'
              : 'duplicate';
        if ((await refundPayment(payment.id, reason)) > 0) refunds++;
      }
      return refunds;
    },
  };
}
