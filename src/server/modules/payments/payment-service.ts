import type { FastifyBaseLogger } from 'fastify';
import {
  PAYMENT_MESSAGES,
  type PaymentFailedPayload,
  type PaymentFailedResponse,
  type VerifyPaymentPayload,
  type VerifyPaymentResponse,
} from '../../../shared/api/payments';
import { ORDER_EDIT_MESSAGES } from '../../../shared/order-edits';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { AppError, conflict, invalid, notFound } from '../../errors';
import type { StoreIdentity } from '../../store-identity';
import type { CouponService } from '../coupons';
import type { InvoiceService } from '../invoices';
import { heldChangeById, heldChangeOfProviderOrder, type OrderEdits } from '../order-edits';
import { giftBatchOf, giftBatchOrdersOf, isOrderId, type OrderRow, type OrderService } from '../orders';
import type { OwnerNotices } from '../owner-notices';
import type { CapturedAmount, PaymentProvider } from '../payment-providers';
import { createCapture, type Failure } from './capture';
import { createMoneyCheck } from './money-check';
import { createOrderAnnouncements } from './order-announcements';
import { LATE_PAYMENT_REFUNDED_MESSAGE, PAYMENT_AMOUNT_MISMATCH_MESSAGE } from './payment-notes';
import { createRefunds } from './refunds';
import { createWebhookInbox, type OtherPayments } from './webhook-inbox';

/** SPEC 8 'Payment failed: {description}' with 'Unknown error' when none. */
function failureOf(error: PaymentFailedPayload['error']): Failure {
  if (typeof error === 'string')
    return { paymentId: null, code: null, description: error || 'Unknown error', reason: null };
  return {
    paymentId: error?.metadata?.payment_id ?? null,
    code: error?.code ?? null,
    description: error?.description || 'Unknown error',
    reason: error?.reason ?? null,
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

/**
 * Payments (DESIGN 4): the checkout window's answers (verify, failure), the provider's webhooks
 * and the refunds, over one capture path (capture.ts) that every way of hearing of a payment uses.
 */
export function createPaymentService({
  db,
  clock,
  provider,
  orderService,
  coupons,
  invoices,
  store,
  ownerNotices,
  log,
  onPaid,
  otherPayments,
  edits,
}: {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  orderService: OrderService;
  coupons: CouponService;
  invoices: InvoiceService;
  store: StoreIdentity;
  /** The owner hears of each new paid order. */
  ownerNotices: OwnerNotices;
  log: FastifyBaseLogger;
  /** Decision 0081: what else an order's payment sets off, in its transaction (a gift link is sent). */
  onPaid?: (tx: Tx, order: OrderRow, now: Date) => Promise<boolean>;
  /** Decision 0084: the group gifts' shares, whose provider orders are theirs, not an order's. */
  otherPayments?: OtherPayments;
  /** Decision 0085: makes a held change of address once its difference is paid (orders module). */
  edits: Pick<OrderEdits, 'recheckEdit' | 'settlePaidEdit'>;
}) {
  const refunds = createRefunds({ db, clock, provider, store, log });
  const capture = createCapture({
    db,
    clock,
    provider,
    coupons,
    invoices,
    refunds,
    log,
    announcements: createOrderAnnouncements({ store, ownerNotices, onPaid }),
    edits,
  });
  const inbox = createWebhookInbox({ db, clock, provider, log, capture, otherPayments });
  const moneyCheck = createMoneyCheck({ db, clock, provider });

  /**
   * The signature says which payment; what it captured is the provider's to say (the sandbox
   * keeps none: its signed webhook, which carries the amount, reaches us first, so `expected`).
   */
  async function capturedAmountOf(paymentId: string, orderId: string, expected: CapturedAmount) {
    try {
      return (await provider.fetchPayment(paymentId)) ?? expected;
    } catch (error) {
      // The provider is down or unreachable: nothing is recorded, and its payment.captured
      // webhook (or the shopper's retry) settles the order later.
      log.warn({ err: error, orderId }, 'could not ask the payment provider about a payment');
      throw new AppError('unavailable', PAYMENT_MESSAGES.providerUnreachable);
    }
  }

  /**
   * A signature is only good for the provider order it was made for: one replayed from another
   * order (or batch) fails here even though it is genuine.
   */
  function refuseUnsigned(
    payer: { provider: string; providerOrderId: string | null },
    payload: VerifyPaymentPayload,
  ) {
    const genuine =
      payer.provider === provider.name &&
      payer.providerOrderId === payload.razorpay_order_id &&
      provider.verifyPaymentSignature({
        providerOrderId: payload.razorpay_order_id,
        paymentId: payload.razorpay_payment_id,
        signature: payload.razorpay_signature,
      });
    if (!genuine) throw invalid(PAYMENT_MESSAGES.verificationFailed);
  }

  return {
    capturePayment: capture.capturePayment,
    /**
     * Decision 0084: a group gift's order, its contributions in and its stock taken, becomes paid
     * the one way every order does (its invoice, the organiser's confirmation, the owner's notice),
     * in the caller's transaction. False when it was not pending.
     */
    placePooledOrder: (tx: Tx, order: OrderRow, note: string) => capture.markPaid(tx, order, 'pending', note),
    /** Makes the refunds an order's cancellation made due (the sweep retries failures). */
    refundOrder: refunds.refundOrder,
    /** The daily check of the money ledger against the provider's records. */
    checkLedger: moneyCheck.checkLedger,
    /** The same check when a day has passed since the last, on one instance (the background job). */
    checkLedgerIfDue: moneyCheck.checkLedgerIfDue,
    receiveWebhook: inbox.receiveWebhook,

    async verifyPayment(userId: number, payload: VerifyPaymentPayload): Promise<VerifyPaymentResponse> {
      const order = await orderService.ownOrder(userId, payload.orderId);
      refuseUnsigned(order, payload);

      const captured = await capturedAmountOf(payload.razorpay_payment_id, order.id, {
        amountPaise: order.totalPaise,
        currency: order.currency,
      });
      await capture.capturePayment({
        orderId: order.id,
        providerOrderId: payload.razorpay_order_id,
        paymentId: payload.razorpay_payment_id,
        amountPaise: captured.amountPaise,
        currency: captured.currency,
        method: null,
      });
      const current = await orderService.ownOrder(userId, order.id);
      if (current.status === 'cancelled') throw conflict(LATE_PAYMENT_REFUNDED_MESSAGE);
      if (current.status === 'pending') throw conflict(PAYMENT_AMOUNT_MISMATCH_MESSAGE);
      return {
        success: true,
        message: PAYMENT_MESSAGES.paymentVerified,
        orderId: current.id,
        orderNumber: current.orderNumber,
        status: current.status,
      };
    },

    /**
     * Decision 0090: the checkout window's word that a gift batch was paid: counted only with the
     * provider's signature for the batch's own provider order, and for the amount the provider
     * says it captured; every recipient's order becomes paid in one transaction.
     */
    async verifyBatchPayment(userId: number, payload: VerifyPaymentPayload): Promise<VerifyPaymentResponse> {
      const batch = isOrderId(payload.orderId) ? await giftBatchOf(db, payload.orderId, userId) : null;
      if (!batch) throw notFound(PAYMENT_MESSAGES.orderNotFound);
      refuseUnsigned(batch, payload);
      const captured = await capturedAmountOf(payload.razorpay_payment_id, batch.id, {
        amountPaise: batch.totalPaise,
        currency: 'INR',
      });
      await capture.captureBatchPayment({
        batchId: batch.id,
        providerOrderId: payload.razorpay_order_id,
        paymentId: payload.razorpay_payment_id,
        amountPaise: captured.amountPaise,
        currency: captured.currency,
        method: null,
      });
      const children = await giftBatchOrdersOf(db, batch.id);
      if (children.every((child) => child.status === 'pending')) {
        throw conflict(PAYMENT_AMOUNT_MISMATCH_MESSAGE);
      }
      return {
        success: true,
        message: PAYMENT_MESSAGES.paymentVerified,
        orderId: batch.id,
        orderNumber: children[0]?.orderNumber ?? '',
        status: children.some((child) => child.status === 'paid') ? 'paid' : 'cancelled',
      };
    },

    /**
     * Decision 0085: the checkout window's word that the difference of a held change of address
     * was paid: counted only with the provider's signature for that change's own provider order,
     * and for the amount the provider says it captured (the sandbox's signed webhook came first).
     */
    async verifyEditPayment(
      userId: number,
      orderId: string,
      payload: Omit<VerifyPaymentPayload, 'orderId'>,
    ): Promise<void> {
      const order = await orderService.ownOrder(userId, orderId);
      const held = await heldChangeOfProviderOrder(db, provider.name, payload.razorpay_order_id);
      const edit = held?.orderId === order.id ? held : null;
      const genuine =
        edit !== null &&
        provider.verifyPaymentSignature({
          providerOrderId: payload.razorpay_order_id,
          paymentId: payload.razorpay_payment_id,
          signature: payload.razorpay_signature,
        });
      if (!edit || !genuine) throw invalid(PAYMENT_MESSAGES.verificationFailed);
      const captured = await capturedAmountOf(payload.razorpay_payment_id, order.id, {
        amountPaise: edit.differencePaise,
        currency: 'INR',
      });
      await capture.captureEditPayment({
        editId: edit.id,
        providerOrderId: payload.razorpay_order_id,
        paymentId: payload.razorpay_payment_id,
        amountPaise: captured.amountPaise,
        currency: captured.currency,
        method: null,
      });
      const settled = await heldChangeById(db, edit.id);
      if (settled?.state !== 'applied') throw conflict(ORDER_EDIT_MESSAGES.changeNotMade);
    },

    async recordPaymentFailure(
      userId: number,
      payload: PaymentFailedPayload,
    ): Promise<PaymentFailedResponse> {
      const order = await orderService.ownOrder(userId, payload.orderId);
      const failure = failureOf(payload.error);
      // A failure reported for another provider order is not this order's to record.
      const reportedFor = typeof payload.error === 'object' ? payload.error.metadata?.order_id : undefined;
      if (reportedFor && order.providerOrderId && reportedFor !== order.providerOrderId) {
        throw invalid('This payment failure belongs to another order');
      }
      // The checkout window reports failures of an order being paid; one for a paid,
      // delivered or cancelled order would put a false failure into its history.
      const recorded = await capture.recordFailure(order, failure, { whilePending: true });
      if (!recorded) throw conflict(PAYMENT_MESSAGES.failureForSettledOrder);
      return {
        success: true,
        message: PAYMENT_MESSAGES.paymentFailedRecorded,
        orderId: order.id,
        status: order.status,
      };
    },

    /**
     * Work a crash or an outage left behind: webhooks stored but not handled, and refunds that
     * the provider did not take. Run by the sweep; safe to run on every instance at once.
     */
    async retryUnfinishedWork(): Promise<{ webhooks: number; refunds: number }> {
      const webhooks = await inbox.retryStoredEvents();
      return { webhooks, refunds: await refunds.refundDuePayments() };
    },
  };
}
