import { and, asc, eq, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { LedgerKind, LedgerReason } from '../../../shared/money-ledger';
import type { Queryable, Tx } from '../../db/client';
import { moneyLedger, payments } from '../../db/schema';
import { queueOrderNotice } from '../notifications';

export type MoneyLine = {
  orderId: string;
  kind: LedgerKind;
  amountPaise: number;
  reason: LedgerReason;
  paymentId?: number | null;
  providerRef?: string | null;
  at: Date;
};

/**
 * Issue 26: one movement of an order's money, written in the transaction that moves it (a capture,
 * a refund), so the ledger never tells of money that did not move. A payment's capture is
 * recorded once (money_ledger_capture_idx), however often it is heard of. Every refund passes
 * here, so here (issue 23) the shopper's WhatsApp and SMS news of it is queued, once per refund.
 * Answers the new line's id (null when nothing was recorded).
 */
export async function recordMoney(tx: Tx, line: MoneyLine): Promise<number | null> {
  if (line.amountPaise <= 0) return null;
  const [recorded] = await tx
    .insert(moneyLedger)
    .values({
      orderId: line.orderId,
      kind: line.kind,
      amountPaise: line.amountPaise,
      reason: line.reason,
      paymentId: line.paymentId ?? null,
      providerRef: line.providerRef ?? null,
      createdAt: line.at,
    })
    .onConflictDoNothing()
    .returning({ id: moneyLedger.id });
  if (recorded && line.kind === 'refunded') {
    await queueOrderNotice(tx, {
      orderId: line.orderId,
      notice: 'refund_made',
      key: `refund-${recorded.id}`,
      details: { paise: line.amountPaise },
      at: line.at,
    });
  }
  return recorded?.id ?? null;
}

export async function moneyLinesOf(runner: Queryable, orderId: string) {
  return runner
    .select()
    .from(moneyLedger)
    .where(eq(moneyLedger.orderId, orderId))
    .orderBy(asc(moneyLedger.createdAt), asc(moneyLedger.id));
}

/** The order's payments the provider can still give money back from. */
const refundableWhere = (orderId: string) =>
  and(
    eq(payments.orderId, orderId),
    eq(payments.status, 'captured'),
    isNotNull(payments.providerPaymentId),
    lt(payments.refundedPaise, payments.amountPaise),
  );

/** The order's payments whose refund a cancellation made due and the provider has not taken yet. */
export const refundDueWhere = (orderId: string) =>
  and(eq(payments.orderId, orderId), eq(payments.status, 'captured'), isNotNull(payments.refundDueReason));

async function leftToRefund(runner: Queryable, where: SQL | undefined): Promise<number> {
  const [row] = await runner
    .select({ paise: sql<string>`coalesce(sum(${payments.amountPaise} - ${payments.refundedPaise}), 0)` })
    .from(payments)
    .where(where);
  return Number(row?.paise ?? 0);
}

/** What cancelling the order would refund: its captured payments less what already went back. */
export const refundablePaiseOf = (runner: Queryable, orderId: string) =>
  leftToRefund(runner, refundableWhere(orderId));

/** Paise a cancellation made due that the provider has not taken yet (the sweep retries them). */
export const refundDuePaiseOf = (runner: Queryable, orderId: string) =>
  leftToRefund(runner, refundDueWhere(orderId));

/**
 * Marks what is left of the order's payments as due back, in the transaction that cancels it; the
 * payments module makes the refunds (and its sweep retries one the provider did not take).
 * Answers the paise due.
 */
export async function markRefundDue(tx: Tx, orderId: string, reason: 'cancelled'): Promise<number> {
  const due = await tx
    .update(payments)
    .set({ refundDueReason: reason })
    .where(refundableWhere(orderId))
    .returning({ amountPaise: payments.amountPaise, refundedPaise: payments.refundedPaise });
  return due.reduce((sum, payment) => sum + payment.amountPaise - payment.refundedPaise, 0);
}
