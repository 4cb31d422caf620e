import type { FastifyBaseLogger } from 'fastify';
import { formatPaise } from '../../../shared/money';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import type { CouponService } from '../coupons';
import type { InvoiceService } from '../invoices';
import type { RefundReason } from '../mail';
import { markPaymentRefundDue, recordCapturedPayment, recordFailedPayment } from '../money-ledger';
import { heldChangeById, type OrderEdits } from '../order-edits';
import {
  lockedOrderOf,
  lockGiftBatch,
  markGiftBatchPaid,
  markOrderPaid,
  type OrderRow,
  recordStatus,
  reserveOrderAgain,
} from '../orders';
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

/** Decision 0090: an order paid with its gift batch counts there the links that reached nobody. */
type PaidIn = { batch?: { unreached: number } };

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
  edits,
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
  /** Decision 0085: makes a held change of address once its difference is paid (orders module). */
  edits: Pick<OrderEdits, 'recheckEdit' | 'settlePaidEdit'>;
}) {
  async function markPaid(
    tx: Tx,
    order: OrderRow,
    from: 'pending' | 'cancelled',
    note: string,
    { batch }: PaidIn = {},
  ): Promise<boolean> {
    const now = clock.now();
    if (!(await markOrderPaid(tx, order.id, from, now))) return false;
    await recordStatus(tx, { orderId: order.id, status: 'paid', note, at: now });
    await invoices.issue(tx, order.id, now);
    if (!batch) await announcements.paid(tx, order, now);
    else if (!(await announcements.paidInBatch(tx, order, now))) batch.unreached += 1;
    return true;
  }

  type CapturedPayment = {
    providerOrderId: string;
    paymentId: string;
    amountPaise: number;
    /** As the provider reported it; null when it did not say, which never matches. */
    currency: string | null;
    method: string | null;
  };

  /** The payment's row and its ledger line, once (null when heard before), as the orders module keeps them. */
  const recordCaptured = async (
    tx: Tx,
    orderId: string,
    input: CapturedPayment,
    purpose: { reason: 'payment' | 'address_change'; addressEditId?: number; giftBatchId?: string },
  ): Promise<number | null> =>
    (
      await recordCapturedPayment(tx, {
        ...input,
        ...purpose,
        orderId,
        provider: provider.name,
        at: clock.now(),
      })
    )?.id ?? null;

  /**
   * Records a captured payment and moves its order on, once. A payment for an order that expired
   * meanwhile is never lost: the stock is taken again when it is there (order → paid), else the
   * payment is refunded. A second payment for an order already paid is refunded too.
   */
  async function capturePayment(input: CapturedPayment & { orderId: string }): Promise<CaptureOutcome> {
    const outcome = await db.transaction(async (tx): Promise<CaptureOutcome> => {
      const settled = await settle(tx);
      await markDue(tx, settled);
      return settled;
    });
    if (outcome.kind === 'refund') await refunds.refundPayment(outcome.paymentRowId, outcome.reason);
    return outcome;

    async function settle(tx: Tx): Promise<CaptureOutcome> {
      // The order's row lock makes capture, the expiry sweep and a second capture take turns.
      const order = await lockedOrderOf(tx, input.orderId);
      if (!order) throw new Error(`Order ${input.orderId} vanished`);
      const paymentRowId = await recordCaptured(tx, order.id, input, { reason: 'payment' });
      if (paymentRowId === null) return { kind: 'recorded-before' };
      return settleRecorded(tx, order, paymentRowId, input);
    }
  }

  /**
   * Decision 0090: a gift batch's one payment, for every recipient's order in one transaction under
   * the batch's row lock: counted only for exactly the batch's total (else it all goes back), then
   * recorded as one share an order (each its order's total, together the payment to the paisa)
   * and settled as each order's own payment would be, so one sold out meanwhile gets its share
   * back alone. Heard of again, it changes nothing (each share is recorded once).
   */
  async function captureBatchPayment(
    input: CapturedPayment & { batchId: string },
  ): Promise<{ paid: number; refunded: number }> {
    const outcomes = await db.transaction(async (tx): Promise<CaptureOutcome[]> => {
      const locked = await lockGiftBatch(tx, input.batchId);
      if (!locked) throw new Error(`Gift batch ${input.batchId} vanished`);
      const { batch, orders: children } = locked;
      const [first] = children;
      if (!first) throw new Error(`Gift batch ${input.batchId} has no orders`);
      const share = { giftBatchId: batch.id };
      if (input.amountPaise !== batch.totalPaise || input.currency !== 'INR') {
        // Not the batch's total: the whole payment goes back, from the first order's row.
        const paymentRowId = await recordCaptured(tx, first.id, input, { reason: 'payment', ...share });
        if (paymentRowId === null) return [{ kind: 'recorded-before' }];
        const outcome = await settleRecorded(tx, first, paymentRowId, input);
        await markDue(tx, outcome);
        return [outcome];
      }
      const settled: CaptureOutcome[] = [];
      const tally = { unreached: 0 };
      for (const order of children) {
        const part = { ...input, amountPaise: order.totalPaise };
        const paymentRowId = await recordCaptured(tx, order.id, part, { reason: 'payment', ...share });
        if (paymentRowId === null) continue;
        const outcome = await settleRecorded(tx, order, paymentRowId, part, { batch: tally });
        await markDue(tx, outcome);
        settled.push(outcome);
      }
      if (settled.length > 0) {
        const now = clock.now();
        await markGiftBatchPaid(tx, batch.id, now);
        const paidOrders = settled.filter((outcome) => outcome.kind === 'paid').length;
        const soldOut = settled.filter(
          (outcome) => outcome.kind === 'refund' && outcome.reason === 'out_of_stock',
        ).length;
        // A second payment of a batch paid already is refunded whole, and announced to nobody.
        if (paidOrders + soldOut > 0) {
          await announcements.batchPaid(
            tx,
            {
              id: batch.id,
              orders: paidOrders,
              unreached: tally.unreached,
              refunded: soldOut,
              totalPaise: batch.totalPaise,
              first,
            },
            now,
          );
        }
      }
      return settled;
    });
    for (const outcome of outcomes) {
      if (outcome.kind === 'refund') await refunds.refundPayment(outcome.paymentRowId, outcome.reason);
    }
    return {
      paid: outcomes.filter((outcome) => outcome.kind === 'paid').length,
      refunded: outcomes.filter((outcome) => outcome.kind === 'refund').length,
    };
  }

  /** Marks a refund the outcome made due on its payment's row, in the transaction that decided it. */
  async function markDue(tx: Tx, outcome: CaptureOutcome) {
    // A payment that must go back says so in its row, in the transaction that decided it: the
    // sweep retries it by that mark, not by comparing it with a total that may change later
    // (an item removed, a cheaper or dearer delivery).
    if (outcome.kind === 'refund') await markPaymentRefundDue(tx, outcome.paymentRowId, outcome.reason);
  }

  /**
   * What a payment recorded for a locked order does to it: counted only for exactly its total,
   * it makes a pending order paid, revives one that expired unpaid when its stock is there, and
   * is refunded otherwise (sold out meanwhile, or a second payment).
   */
  async function settleRecorded(
    tx: Tx,
    order: OrderRow,
    paymentRowId: number,
    input: Pick<CapturedPayment, 'paymentId' | 'amountPaise' | 'currency'>,
    paid: PaidIn = {},
  ): Promise<CaptureOutcome> {
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
      return { kind: 'refund', paymentRowId, reason: 'amount_mismatch' };
    }

    if (order.status === 'pending') {
      await markPaid(tx, order, 'pending', PAYMENT_RECEIVED_NOTE, paid);
      return { kind: 'paid' };
    }
    if (order.status === 'cancelled' && order.paidAt === null) {
      // The one way out of 'cancelled' (outside canTransition on purpose): money that arrives for
      // an order that expired unpaid is never lost; the order is revived if its stock is there.
      if (await reserveOrderAgain(tx, order.id)) {
        await coupons.reclaim(tx, order);
        await markPaid(tx, order, 'cancelled', LATE_PAYMENT_RESERVED_NOTE, paid);
        return { kind: 'paid' };
      }
      await recordStatus(tx, {
        orderId: order.id,
        status: 'cancelled',
        note: LATE_PAYMENT_NOTE,
        at: clock.now(),
      });
      return { kind: 'refund', paymentRowId, reason: 'out_of_stock' };
    }
    await recordStatus(tx, {
      orderId: order.id,
      status: order.status,
      note: DUPLICATE_PAYMENT_NOTE,
      at: clock.now(),
    });
    return { kind: 'refund', paymentRowId, reason: 'duplicate' };
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
      const locked = await lockedOrderOf(tx, order.id);
      if (whilePending && locked?.status !== 'pending') return false;
      // The order stays pending: the shopper may try again until it expires.
      await recordFailedPayment(tx, {
        orderId: order.id,
        provider: provider.name,
        providerOrderId: order.providerOrderId ?? '',
        paymentId: failure.paymentId,
        amountPaise: order.totalPaise,
        code: failure.code,
        description: failure.description,
        at: clock.now(),
      });
      return true;
    });
  }

  /**
   * Decision 0085: the difference paid for a change of address held until paid, recorded once
   * (its payment row names the change) with its ledger line; the change is made in the same
   * transaction, or, lapsed or no longer possible, the payment goes back in full.
   */
  async function captureEditPayment(
    input: CapturedPayment & { editId: number },
  ): Promise<CaptureOutcome | { kind: 'applied' }> {
    // Its pincode and slot are checked again first: those reads stay out of the transaction.
    const recheck = await edits.recheckEdit(input.editId);
    const outcome = await db.transaction(async (tx): Promise<CaptureOutcome | { kind: 'applied' }> => {
      const edit = await heldChangeById(tx, input.editId);
      if (!edit) throw new Error(`Address edit ${input.editId} vanished`);
      // The order's row lock, as every capture and edit takes it first.
      await lockedOrderOf(tx, edit.orderId);
      const paymentRowId = await recordCaptured(tx, edit.orderId, input, {
        reason: 'address_change',
        addressEditId: input.editId,
      });
      if (paymentRowId === null) return { kind: 'recorded-before' };
      if (input.amountPaise !== edit.differencePaise || input.currency !== 'INR') {
        log.warn(
          { orderId: edit.orderId, paymentId: input.paymentId, amountPaise: input.amountPaise },
          'a payment for an address change does not match its difference; refunding it',
        );
        await markPaymentRefundDue(tx, paymentRowId, 'amount_mismatch');
        return { kind: 'refund', paymentRowId, reason: 'amount_mismatch' };
      }
      if (await edits.settlePaidEdit(tx, input.editId, paymentRowId, recheck)) return { kind: 'applied' };
      return { kind: 'refund', paymentRowId, reason: 'address_change_lapsed' };
    });
    if (outcome.kind === 'refund') await refunds.refundPayment(outcome.paymentRowId, outcome.reason);
    return outcome;
  }

  return { capturePayment, captureBatchPayment, captureEditPayment, recordFailure, markPaid };
}
