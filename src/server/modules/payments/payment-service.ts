import type { FastifyBaseLogger } from 'fastify';
import {
  PAYMENT_MESSAGES,
  type PaymentFailedPayload,
  type PaymentFailedResponse,
  type VerifyPaymentPayload,
  type VerifyPaymentResponse,
} from '../../../shared/api/payments';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { AppError, conflict, invalid } from '../../errors';
import type { StoreIdentity } from '../../store-identity';
import type { CouponService } from '../coupons';
import type { InvoiceService } from '../invoices';
import type { OrderRow, OrderService } from '../orders';
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
  onPaid?: (tx: Tx, order: OrderRow, now: Date) => Promise<void>;
  /** Decision 0084: the group gifts' shares, whose provider orders are theirs, not an order's. */
  otherPayments?: OtherPayments;
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
  });
  const inbox = createWebhookInbox({ db, clock, provider, log, capture, otherPayments });
  const moneyCheck = createMoneyCheck({ db, clock, provider });

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
      // A signature is only good for the provider order it was made for: one replayed from another
      // order fails here even though it is genuine.
      const genuine =
        order.provider === provider.name &&
        order.providerOrderId === payload.razorpay_order_id &&
        provider.verifyPaymentSignature({
          providerOrderId: payload.razorpay_order_id,
          paymentId: payload.razorpay_payment_id,
          signature: payload.razorpay_signature,
        });
      if (!genuine) throw invalid(PAYMENT_MESSAGES.verificationFailed);

      // The signature says which payment; what it captured is the provider's to say (the sandbox
      // keeps none: its signed webhook, which carries the amount, reaches us first).
      let reported: CapturedAmount | null;
      try {
        reported = await provider.fetchPayment(payload.razorpay_payment_id);
      } catch (error) {
        // The provider is down or unreachable: nothing is recorded, and its payment.captured
        // webhook (or the shopper's retry) settles the order later.
        log.warn({ err: error, orderId: order.id }, 'could not ask the payment provider about a payment');
        throw new AppError('unavailable', PAYMENT_MESSAGES.providerUnreachable);
      }
      const captured = reported ?? { amountPaise: order.totalPaise, currency: order.currency };
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
