import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatPaise } from '../../../shared/money';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { orders, payments } from '../../db/schema';
import type { CouponService } from '../coupons';
import type { InvoiceService } from '../invoices';
import type { RefundReason } from '../mail';
import { type OrderRow, recordCapturedPayment, recordStatus, reserveOrderAgain } from '../orders';
import type { PaymentProvider } from '../payment-providers';
import type { OrderAnnouncements } from './order-announcements';
import {
  amountMismatchNote,
  DUPLICATE_PAYMENT_NOTE,
  LATE_PAYMENT_NOTE,
  LATE_PAYMENT_RESERVED_NOTE,
  PAYMENT_RECEIVED_NOTE,
} from './payment-notes';
import type { Refunds } from './refunds';

export type Failure = {
  paymentId: string | null;
  code: string | null;
  description: string;
  reason: string | null;
};

type CaptureOutcome =
  | { kind: 'paid' | 'recorded-before' }
  | { kind: 'refund'; paymentRowId: number; reason: RefundReason };

export type Capture = ReturnType<typeof createCapture>;

/**
 * DESIGN 4: `pending` → `paid` through one code path (capturePayment) that is safe to run any
 * number of times: the payment row is unique per provider payment id and the order changes with a
 * conditional UPDATE while its row is locked. Failed attempts are recorded once each.
 */
export function createCapture({
  db,
  clock,
  provider,
  coupons,
  invoices,
  refunds,
  log,
  announcements,
}: {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  /** A late payment that revives an expired order takes its coupon use again. */
  coupons: CouponService;
  /** Every paid order gets its GST tax invoice in the transaction that marks it paid. */
  invoices: InvoiceService;
  refunds: Refunds;
  log: FastifyBaseLogger;
  /** The customer's confirmation and the owner's notice of a paid order. */
  announcements: OrderAnnouncements;
}) {
  async function markPaid(
    tx: Tx,
    order: OrderRow,
    from: 'pending' | 'cancelled',
    note: string,
  ): Promise<boolean> {
    const now = clock.now();
    const [paid] = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: now, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, from)))
      .returning({ id: orders.id });
    if (!paid) return false;
    await recordStatus(tx, { orderId: order.id, status: 'paid', note, at: now });
    await invoices.issue(tx, order.id, now);
    await announcements.paid(tx, order, now);
    return true;
  }

  /**
   * Records a captured payment and moves its order on, once. A payment for an order that expired
   * meanwhile is never lost: the stock is taken again when it is there (order → paid), else the
   * payment is refunded. A second payment for an order already paid is refunded too.
   */
  async function capturePayment(input: {
    orderId: string;
    providerOrderId: string;
    paymentId: string;
    amountPaise: number;
    /** As the provider reported it; null when it did not say, which never matches. */
    currency: string | null;
    method: string | null;
  }): Promise<CaptureOutcome> {
    const outcome = await db.transaction(async (tx): Promise<CaptureOutcome> => {
      // The order's row lock makes capture, the expiry sweep and a second capture take turns.
      const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
      if (!order) throw new Error(`Order ${input.orderId} vanished`);
      const payment = await recordCapturedPayment(tx, {
        orderId: order.id,
        provider: provider.name,
        providerOrderId: input.providerOrderId,
        paymentId: input.paymentId,
        amountPaise: input.amountPaise,
        currency: input.currency,
        method: input.method,
        at: clock.now(),
      });
      if (!payment) return { kind: 'recorded-before' };

      // Money is checked to the paisa: a payment counts only for exactly the order's total.
      if (input.amountPaise !== order.totalPaise || input.currency !== order.currency) {
        const captured =
          input.currency === 'INR'
            ? formatPaise(input.amountPaise)
            : `${input.amountPaise} (${input.currency ?? 'no currency'})`;
        await recordStatus(tx, {
          orderId: order.id,
          status: order.status,
          note: amountMismatchNote(captured, formatPaise(order.totalPaise)),
          at: clock.now(),
        });
        log.warn(
          {
            orderId: order.id,
            paymentId: input.paymentId,
            amountPaise: input.amountPaise,
            currency: input.currency,
          },
          'a captured payment does not match its order; refunding it',
        );
        return { kind: 'refund', paymentRowId: payment.id, reason: 'amount_mismatch' };
      }

      if (order.status === 'pending') {
        await markPaid(tx, order, 'pending', PAYMENT_RECEIVED_NOTE);
        return { kind: 'paid' };
      }
      if (order.status === 'cancelled' && order.paidAt === null) {
        // The one way out of 'cancelled' (outside canTransition on purpose): money that arrives for
        // an order that expired unpaid is never lost; the order is revived if its stock is there.
        if (await reserveOrderAgain(tx, order.id)) {
          await coupons.reclaim(tx, order);
          await markPaid(tx, order, 'cancelled', LATE_PAYMENT_RESERVED_NOTE);
          return { kind: 'paid' };
        }
        await recordStatus(tx, {
          orderId: order.id,
          status: 'cancelled',
          note: LATE_PAYMENT_NOTE,
          at: clock.now(),
        });
        return { kind: 'refund', paymentRowId: payment.id, reason: 'out_of_stock' };
      }
      await recordStatus(tx, {
        orderId: order.id,
        status: order.status,
        note: DUPLICATE_PAYMENT_NOTE,
        at: clock.now(),
      });
      return { kind: 'refund', paymentRowId: payment.id, reason: 'duplicate' };
    });
    if (outcome.kind === 'refund') await refunds.refundPayment(outcome.paymentRowId, outcome.reason);
    return outcome;
  }

  /**
   * Failures from the checkout window or the provider's webhook, each payment id recorded once.
   * `whilePending`: only for an order still awaiting payment (judged with its row locked, so a
   * payment captured at the same moment wins); answers false, recording nothing, otherwise.
   */
  async function recordFailure(
    order: OrderRow,
    failure: Failure,
    { whilePending = false }: { whilePending?: boolean } = {},
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, order.id))
        .for('update');
      if (whilePending && locked?.status !== 'pending') return false;
      if (failure.paymentId) {
        const [seen] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(
            and(
              eq(payments.provider, provider.name),
              eq(payments.providerPaymentId, failure.paymentId),
              eq(payments.status, 'failed'),
            ),
          )
          .limit(1);
        if (seen) return true;
      }
      await tx.insert(payments).values({
        orderId: order.id,
        provider: provider.name,
        providerOrderId: order.providerOrderId ?? '',
        providerPaymentId: failure.paymentId,
        status: 'failed',
        amountPaise: order.totalPaise,
        errorCode: failure.code,
        errorDescription: failure.description,
        createdAt: clock.now(),
      });
      // The order stays pending: the shopper may try again until it expires.
      return true;
    });
  }

  return { capturePayment, recordFailure, markPaid };
}
