import { and, asc, count, eq, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { LedgerKind, LedgerReason } from '../../../shared/money-ledger';
import type { Queryable, Tx } from '../../db/client';
import { queueOrderNotice } from '../notifications';
import type { PaymentProvider } from '../payment-providers';
import { moneyLedger, payments } from './tables';

export type MoneyLine = {
  orderId: string;
  kind: LedgerKind;
  amountPaise: number;
  reason: LedgerReason;
  paymentId?: number | null;
  providerRef?: string | null;
  at: Date;
  /**
   * Decision 0084: false for a group gift share's refund, which its contributor hears of from the
   * pool, not the order's customer.
   */
  tellCustomer?: boolean;
};

/**
 * One movement of an order's money, written in the transaction that moves it (a capture,
 * a refund), so the ledger never tells of money that did not move. A payment's capture is
 * recorded once (money_ledger_capture_idx), however often it is heard of. Every refund passes
 * here, so here the shopper's WhatsApp and SMS news of it is queued, once per refund.
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
  if (recorded && line.kind === 'refunded' && line.tellCustomer !== false) {
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

/**
 * A payment the provider captured, recorded once however often it is heard of (the row is unique
 * per provider payment, failures apart), with its ledger line, in the caller's transaction: money
 * the provider took is in the ledger whatever becomes of it (kept or refunded). Answers the new
 * payment's row, or null when it was recorded before.
 */
export async function recordCapturedPayment(
  tx: Tx,
  input: {
    orderId: string;
    provider: string;
    providerOrderId: string;
    paymentId: string;
    amountPaise: number;
    /** As the provider reported it; null when it did not say. */
    currency: string | null;
    method: string | null;
    at: Date;
    /** Decision 0085: the difference of a change of address, not the order's own payment. */
    reason?: 'payment' | 'address_change';
    addressEditId?: number;
    /**
     * Decision 0090: this order's share of its gift batch's one provider payment, recorded once
     * per order (the payment's other shares are its sibling orders' rows).
     */
    giftBatchId?: string;
  },
) {
  const batch = input.giftBatchId !== undefined;
  const [payment] = await tx
    .insert(payments)
    .values({
      orderId: input.orderId,
      provider: input.provider,
      providerOrderId: input.providerOrderId,
      providerPaymentId: input.paymentId,
      status: 'captured',
      amountPaise: input.amountPaise,
      currency: input.currency ?? 'unknown',
      method: input.method,
      addressEditId: input.addressEditId ?? null,
      giftBatchId: input.giftBatchId ?? null,
      createdAt: input.at,
    })
    .onConflictDoNothing(
      batch
        ? {
            target: [payments.provider, payments.providerPaymentId, payments.orderId],
            where: sql`${payments.status} <> 'failed' and ${payments.giftBatchId} is not null`,
          }
        : {
            target: [payments.provider, payments.providerPaymentId],
            where: sql`${payments.status} <> 'failed' and ${payments.giftBatchId} is null`,
          },
    )
    .returning();
  if (!payment) return null;
  await recordMoney(tx, {
    orderId: input.orderId,
    kind: 'captured',
    amountPaise: input.amountPaise,
    reason: input.reason ?? 'payment',
    paymentId: payment.id,
    providerRef: input.paymentId,
    at: input.at,
  });
  return payment;
}

/** A payment into an order, as the provider took it, and what of it went back. */
export type PaymentRow = typeof payments.$inferSelect;

/** The payment's row, locked for the caller's transaction (refunds of it run one at a time). */
export async function lockedPaymentOf(tx: Tx, paymentId: number): Promise<PaymentRow | null> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return payment ?? null;
}

/**
 * `paise` more of the payment went back through the provider (the caller made the refund and
 * holds the payment's row): refunded in full, it is refunded, else still captured.
 */
export async function addPaymentRefund(
  tx: Tx,
  payment: Pick<PaymentRow, 'id' | 'amountPaise' | 'refundedPaise'>,
  paise: number,
): Promise<void> {
  const refunded = payment.refundedPaise + paise;
  await tx
    .update(payments)
    .set({ refundedPaise: refunded, status: refunded === payment.amountPaise ? 'refunded' : 'captured' })
    .where(eq(payments.id, payment.id));
}

/** What the order holds of the money it took: every line of its ledger, less every refund. */
export async function netReceivedPaiseOf(runner: Queryable, orderId: string): Promise<number> {
  const [held] = await runner
    .select({
      paise: sql<string>`coalesce(sum(case when ${moneyLedger.kind} = 'refunded' then -${moneyLedger.amountPaise} else ${moneyLedger.amountPaise} end), 0)`,
    })
    .from(moneyLedger)
    .where(eq(moneyLedger.orderId, orderId));
  return Number(held?.paise ?? 0);
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

/** How many payments the provider reported failed, store-wide (for /metrics). */
export async function failedPaymentCount(runner: Queryable): Promise<number> {
  const [row] = await runner.select({ value: count() }).from(payments).where(eq(payments.status, 'failed'));
  return row?.value ?? 0;
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

/** One refund the provider made from one captured payment, for the caller's ledger line. */
export type ProviderRefund = { paymentId: number; paise: number; providerRef: string };

/**
 * Gives back up to `wantedPaise` from the order's captured payments, oldest first, under their row
 * locks: each payment's share through the provider (its receipt named by `receiptOf`, so a call
 * repeated after a crash is one refund there too), the caller's `record` (its ledger line and
 * credit note) and the payment's refunded amount, in the caller's transaction. The one loop every
 * refund of part of an order runs (a return, a parcel back undelivered, a line removed). A
 * provider that fails throws `failed(error)`, and the transaction rolls back. Answers what went back.
 */
export async function refundFromPayments(
  tx: Tx,
  {
    provider,
    orderId,
    wantedPaise,
    receiptOf,
    record,
    failed,
  }: {
    provider: Pick<PaymentProvider, 'refund'>;
    orderId: string;
    wantedPaise: number;
    receiptOf: (paymentId: number) => string;
    record: (refund: ProviderRefund) => Promise<void>;
    failed: (error: unknown) => Error;
  },
): Promise<{ paise: number; refs: string[] }> {
  const captured = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, 'captured'),
        isNotNull(payments.providerPaymentId),
      ),
    )
    .orderBy(asc(payments.id))
    .for('update');
  let left = wantedPaise;
  const refs: string[] = [];
  for (const payment of captured) {
    if (left <= 0) break;
    const take = Math.min(left, payment.amountPaise - payment.refundedPaise);
    if (take <= 0 || !payment.providerPaymentId) continue;
    let providerRef: string;
    try {
      providerRef = (await provider.refund(payment.providerPaymentId, take, receiptOf(payment.id))).id;
    } catch (error) {
      throw failed(error);
    }
    refs.push(providerRef);
    await record({ paymentId: payment.id, paise: take, providerRef });
    await addPaymentRefund(tx, payment, take);
    left -= take;
  }
  return { paise: wantedPaise - left, refs };
}

/** The provider's payments an order moved its money through, oldest first (the back office's order page). */
export async function paymentsOf(runner: Queryable, orderId: string) {
  return runner.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
}
