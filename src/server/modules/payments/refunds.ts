import { and, asc, eq, isNotNull, isNull, not, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { orders, payments } from '../../db/schema';
import type { StoreIdentity } from '../../store-identity';
import { enqueueMail, paymentRefundedMail, type RefundReason } from '../mail';
import { recordStatus } from '../orders';
import type { PaymentProvider } from '../payment-providers';
import { mailOrderOf } from './mail-order';
import { REFUNDED_DUPLICATE_NOTE, REFUNDED_MISMATCH_NOTE, REFUNDED_OUT_OF_STOCK_NOTE } from './payment-notes';

const REFUND_NOTES: Record<RefundReason, string> = {
  out_of_stock: REFUNDED_OUT_OF_STOCK_NOTE,
  duplicate: REFUNDED_DUPLICATE_NOTE,
  amount_mismatch: REFUNDED_MISMATCH_NOTE,
};

const RETRY_BATCH = 50;

export type Refunds = ReturnType<typeof createRefunds>;

/** Money that must go back: a payment on an order that expired unpaid, or a second payment. */
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
   * Refunds a captured payment through the provider and marks it refunded, once: the payment's row
   * is locked (SKIP LOCKED, so a second instance passes it by) for the provider call. A failed call
   * leaves it captured for retryUnfinishedWork.
   */
  async function refundPayment(paymentRowId: number, reason: RefundReason): Promise<boolean> {
    try {
      return await db.transaction(async (tx) => {
        const [payment] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.id, paymentRowId), eq(payments.status, 'captured')))
          .for('update', { skipLocked: true });
        if (!payment?.providerPaymentId) return false;
        await provider.refund(payment.providerPaymentId, payment.amountPaise);
        await tx.update(payments).set({ status: 'refunded' }).where(eq(payments.id, payment.id));
        const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId));
        if (!order) return true;
        await recordStatus(tx, {
          orderId: order.id,
          status: order.status,
          note: REFUND_NOTES[reason],
          at: clock.now(),
        });
        await enqueueMail(
          tx,
          paymentRefundedMail(await mailOrderOf(tx, order), payment.amountPaise, reason, store),
          clock.now(),
        );
        return true;
      });
    } catch (error) {
      log.error({ err: error, paymentRowId }, 'refunding a payment failed; it will be retried');
      return false;
    }
  }

  return {
    refundPayment,

    /** Refunds the provider did not take before (a failed call, a crash); answers how many went. */
    async refundDuePayments(): Promise<number> {
      // Captured payments that must go back: on an order that expired unpaid, one that does not
      // match its order's total, or a second matching one.
      const matchesOrder = and(
        eq(payments.amountPaise, orders.totalPaise),
        eq(payments.currency, orders.currency),
      );
      const due = await db
        .select({ id: payments.id, status: orders.status, matches: sql<boolean>`${matchesOrder}` })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(
          and(
            eq(payments.provider, provider.name),
            eq(payments.status, 'captured'),
            isNotNull(payments.providerPaymentId),
            or(
              and(eq(orders.status, 'cancelled'), isNull(orders.paidAt)),
              not(matchesOrder ?? sql`true`),
              sql`exists (select 1 from ${payments} as earlier where earlier.order_id = ${payments.orderId} and earlier.status = 'captured' and earlier.amount_paise = ${orders.totalPaise} and earlier.currency = ${orders.currency} and earlier.id < ${payments.id})`,
            ),
          ),
        )
        .orderBy(asc(payments.id))
        .limit(RETRY_BATCH);
      let refunds = 0;
      for (const payment of due) {
        const reason: RefundReason = !payment.matches
          ? 'amount_mismatch'
          : payment.status === 'cancelled'
            ? 'out_of_stock'
            : 'duplicate';
        if (await refundPayment(payment.id, reason)) refunds++;
      }
      return refunds;
    },
  };
}
