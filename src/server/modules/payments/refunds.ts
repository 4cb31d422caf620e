import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { StoreIdentity } from '../../store-identity';
import { paysPoolShare } from '../group-gifts';
import { recordRefund } from '../invoices';
import { enqueueMail, paymentRefundedMail, type RefundReason } from '../mail';
import {
  lockCapturedPayment,
  markPaymentRefunded,
  paymentsDueBack,
  paymentsDueOf,
  refundDuePaiseOf,
} from '../money-ledger';
import { mailOrderOf } from '../order-records';
import { orderOf, paymentOrderFacts, recordStatus } from '../orders';
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
        const payment = await lockCapturedPayment(tx, paymentRowId);
        if (!payment?.providerPaymentId) return 0;
        const paise = payment.amountPaise - payment.refundedPaise;
        if (paise <= 0) return 0;
        const receipt = `refund-${payment.id}-${payment.refundedPaise}`;
        const refund = await provider.refund(payment.providerPaymentId, paise, receipt);
        const now = clock.now();
        await markPaymentRefunded(tx, payment);
        await recordRefund(tx, {
          orderId: payment.orderId,
          kind: 'refunded',
          amountPaise: paise,
          reason,
          paymentId: payment.id,
          providerRef: refund.id,
          at: now,
        });
        const order = await orderOf(tx, payment.orderId);
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
      const due = await paymentsDueOf(db, orderId);
      let refundedPaise = 0;
      for (const payment of due) {
        if (isPaymentRefundReason(payment.reason))
          refundedPaise += await refundPayment(payment.id, payment.reason);
      }
      return { refundedPaise, duePaise: await refundDuePaiseOf(db, orderId) };
    },

    /** Refunds the provider did not take before (a failed call, a crash); answers how many went. */
    async refundDuePayments(): Promise<number> {
      // Captured payments that must go back: marked due, on an order that expired unpaid, one
      // that does not match its order's total, or a second matching one.
      const due = await paymentsDueBack(db, {
        provider: provider.name,
        limit: RETRY_BATCH,
        orderFacts: paymentOrderFacts,
        isPoolShare: paysPoolShare,
      });
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
