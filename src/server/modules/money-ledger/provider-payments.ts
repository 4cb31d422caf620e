import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, not, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Queryable, Tx } from '../../db/client';
import { type PaymentRow, refundDueWhere } from './money-ledger';
import { moneyLedger, payments } from './tables';

// What payments asks of the provider's payments and their ledger (decision 0094), in the caller's
// transaction: failures, refunds made due and made, and the daily check's reads.

/**
 * A failed try at paying the order, recorded once per provider payment id (a failure without one,
 * each time); the order stays pending, so the shopper may try again until it expires.
 */
export async function recordFailedPayment(
  tx: Tx,
  failure: {
    orderId: string;
    provider: string;
    providerOrderId: string;
    paymentId: string | null;
    amountPaise: number;
    code: string | null;
    description: string;
    at: Date;
  },
): Promise<void> {
  if (failure.paymentId) {
    const [seen] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.provider, failure.provider),
          eq(payments.providerPaymentId, failure.paymentId),
          eq(payments.status, 'failed'),
        ),
      )
      .limit(1);
    if (seen) return;
  }
  await tx.insert(payments).values({
    orderId: failure.orderId,
    provider: failure.provider,
    providerOrderId: failure.providerOrderId,
    providerPaymentId: failure.paymentId,
    status: 'failed',
    amountPaise: failure.amountPaise,
    errorCode: failure.code,
    errorDescription: failure.description,
    createdAt: failure.at,
  });
}

/**
 * Why the payment must go back, said in its row in the transaction that decided it: the sweep
 * retries its refund by that mark.
 */
export async function markPaymentRefundDue(tx: Tx, paymentId: number, reason: string): Promise<void> {
  await tx.update(payments).set({ refundDueReason: reason }).where(eq(payments.id, paymentId));
}

/**
 * The captured payment's row, locked for its refund (SKIP LOCKED: another instance making it
 * passes it by); null when it is not captured or is locked.
 */
export async function lockCapturedPayment(tx: Tx, paymentId: number): Promise<PaymentRow | null> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'captured')))
    .for('update', { skipLocked: true });
  return payment ?? null;
}

/** All of the payment went back: refunded in full, and no longer due. */
export async function markPaymentRefunded(tx: Tx, payment: Pick<PaymentRow, 'id' | 'amountPaise'>) {
  await tx
    .update(payments)
    .set({ status: 'refunded', refundedPaise: payment.amountPaise, refundDueReason: null })
    .where(eq(payments.id, payment.id));
}

/** The order's payments whose refund is due and not made yet, oldest first, with why. */
export function paymentsDueOf(runner: Queryable, orderId: string) {
  return runner
    .select({ id: payments.id, reason: payments.refundDueReason })
    .from(payments)
    .where(refundDueWhere(orderId))
    .orderBy(asc(payments.id));
}

/** Whether the order (or the change of address) has a payment captured, refunded since or not. */
export async function hasTakenPayment(
  runner: Queryable,
  of: { orderId: string } | { addressEditId: number },
): Promise<boolean> {
  const [taken] = await runner
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        'orderId' in of ? eq(payments.orderId, of.orderId) : eq(payments.addressEditId, of.addressEditId),
        inArray(payments.status, ['captured', 'refunded']),
      ),
    )
    .limit(1);
  return taken !== undefined;
}

/**
 * A page of the provider's payments captured since `since` (refunded since or not), after the
 * payment `afterId`, by id: what the daily check compares with the provider's own records.
 */
export function providerPaymentsSince(
  runner: Queryable,
  { provider, since, afterId, limit }: { provider: string; since: Date; afterId: number; limit: number },
) {
  return runner
    .select({
      id: payments.id,
      orderId: payments.orderId,
      providerPaymentId: payments.providerPaymentId,
      giftBatchId: payments.giftBatchId,
    })
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        inArray(payments.status, ['captured', 'refunded']),
        isNotNull(payments.providerPaymentId),
        gte(payments.createdAt, since),
        gt(payments.id, afterId),
      ),
    )
    .orderBy(payments.id)
    .limit(limit);
}

/** What the ledger says went through the provider for each of these orders: captures less refunds. */
export async function providerNetPaiseOf(
  runner: Queryable,
  orderIds: readonly string[],
): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await runner
    .select({
      orderId: moneyLedger.orderId,
      // Every refund goes through the provider; a capture did when it names its payment.
      paise: sql<string>`sum(case when ${moneyLedger.kind} = 'refunded' then -${moneyLedger.amountPaise} when ${moneyLedger.paymentId} is not null then ${moneyLedger.amountPaise} else 0 end)`,
    })
    .from(moneyLedger)
    .where(inArray(moneyLedger.orderId, [...orderIds]))
    .groupBy(moneyLedger.orderId);
  return new Map(rows.map((row) => [row.orderId, Number(row.paise)]));
}

/** A payment's columns, which another module's conditions on its order are built over. */
export type PaymentColumns = { orderId: AnyPgColumn; amountPaise: AnyPgColumn; currency: AnyPgColumn };

/**
 * What the refund sweep asks of a payment's order, as the orders module says it (decision 0094):
 * its status, and conditions on it.
 */
export type PaymentOrderFacts = {
  status: SQL<string>;
  /** The payment is exactly the order's total, in its currency. */
  paysTotal: SQL;
  /** The order expired unpaid. */
  expiredUnpaid: SQL;
  /** The order is unpaid, and the payment is not its total. */
  unpaidOtherTotal: SQL;
};

/**
 * Captured payments of the provider that must go back, oldest first: marked due, on an order that
 * expired unpaid, or (payments captured before capture marked them, guessed from the order) one
 * that does not match its unpaid order or follows one that did. `orderFacts` (orders module) and
 * `isPoolShare` (group-gifts) give their facts over this query's columns: neither module's entry
 * may be imported here, as both import this one.
 */
export function paymentsDueBack(
  runner: Queryable,
  {
    provider,
    limit,
    orderFacts,
    isPoolShare,
  }: {
    provider: string;
    limit: number;
    orderFacts: (payment: PaymentColumns) => PaymentOrderFacts;
    isPoolShare: (paymentId: AnyPgColumn) => SQL;
  },
) {
  const order = orderFacts(payments);
  const earlier = alias(payments, 'earlier');
  return runner
    .select({
      id: payments.id,
      status: order.status,
      dueReason: payments.refundDueReason,
      matches: sql<boolean>`${order.paysTotal}`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.status, 'captured'),
        isNotNull(payments.providerPaymentId),
        or(
          isNotNull(payments.refundDueReason),
          order.expiredUnpaid,
          // Never a group gift's share, which pays part of its order's total by design (decision
          // 0084), nor a change of address's difference, checked against its own (decision 0085);
          // a mismatch only while the order is unpaid, as a paid order's total moves with its
          // edits (a line removed, a cheaper or dearer delivery) and its payments do not.
          and(
            isNull(payments.addressEditId),
            not(isPoolShare(payments.id)),
            or(
              order.unpaidOtherTotal,
              sql`exists (${runner
                .select({ id: earlier.id })
                .from(earlier)
                .where(
                  and(
                    eq(earlier.orderId, payments.orderId),
                    eq(earlier.status, 'captured'),
                    lt(earlier.id, payments.id),
                    orderFacts(earlier).paysTotal,
                  ),
                )})`,
            ),
          ),
        ),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(limit);
}
