import { createHash } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  PAYMENT_MESSAGES,
  type PaymentFailedPayload,
  type PaymentFailedResponse,
  type VerifyPaymentPayload,
  type VerifyPaymentResponse,
} from '../../../shared/api/payments';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { orderItems, orders, payments, users, webhookEvents } from '../../db/schema';
import { conflict, invalid } from '../../errors';
import type { StoreIdentity } from '../../store-identity';
import type { CouponService } from '../coupons';
import type { InvoiceService } from '../invoices';
import {
  enqueueMail,
  giftOnItsWayMail,
  type MailOrder,
  orderConfirmationMail,
  paymentRefundedMail,
  type RefundReason,
  retryDelayMs,
} from '../mail';
import type { OrderService } from '../orders';
import {
  addressOf,
  deliveryChoiceOf,
  deliveryEstimateOf,
  type OrderRow,
  recordStatus,
  reserveOrderAgain,
} from '../orders';
import type { PaymentProvider } from '../payment-providers';

export const PAYMENT_RECEIVED_NOTE = 'Payment received';
export const LATE_PAYMENT_RESERVED_NOTE =
  'Payment received after the order expired; the items were reserved again';
export const LATE_PAYMENT_NOTE = 'Payment received after the order expired';
export const REFUNDED_OUT_OF_STOCK_NOTE = 'Payment refunded: items no longer in stock';
export const DUPLICATE_PAYMENT_NOTE = 'A second payment was received for this order';
export const REFUNDED_DUPLICATE_NOTE = 'Second payment refunded';
export const LATE_PAYMENT_REFUNDED_MESSAGE =
  'Your payment arrived after the order expired and the items are no longer in stock, so it is being refunded in full.';
export const INVALID_WEBHOOK_SIGNATURE = 'Invalid webhook signature';

// A webhook whose handling failed is tried again by the sweep after this long.
const WEBHOOK_RETRY_AFTER_MS = 60 * 1000;
// Pauses of 1, 2, 4 ... 60 minutes between tries (the mail queue's back-off): about 7 hours in
// all, past which an event that still fails waits for the owner (shown in the back office's jobs).
export const WEBHOOK_MAX_ATTEMPTS = 12;
const RETRY_BATCH = 50;

/** The parts of Razorpay's webhook body we read; everything else is kept as received. */
const PaymentEntity = z.looseObject({
  id: z.string().min(1),
  order_id: z.string().nullish(),
  amount: z.number().int().nonnegative(),
  method: z.string().nullish(),
  error_code: z.string().nullish(),
  error_description: z.string().nullish(),
  error_reason: z.string().nullish(),
});
const WebhookEnvelope = z.looseObject({
  event: z.string().min(1),
  payload: z.looseObject({ payment: z.looseObject({ entity: PaymentEntity }).optional() }).optional(),
});
type WebhookEnvelope = z.infer<typeof WebhookEnvelope>;

type Failure = { paymentId: string | null; code: string | null; description: string; reason: string | null };

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

type CaptureOutcome =
  | { kind: 'paid' | 'recorded-before' }
  | { kind: 'refund'; paymentRowId: number; reason: RefundReason };

export type PaymentService = ReturnType<typeof createPaymentService>;

/**
 * Payments (DESIGN 4): `pending` → `paid` on a verified checkout signature or a verified webhook,
 * whichever comes first, through one code path (capturePayment) that is safe to run any number of
 * times: the payment row is unique per provider payment id and the order changes with a
 * conditional UPDATE while its row is locked.
 */
export function createPaymentService({
  db,
  clock,
  provider,
  orderService,
  coupons,
  invoices,
  store,
  log,
}: {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  orderService: OrderService;
  /** A late payment that revives an expired order takes its coupon use again. */
  coupons: CouponService;
  /** Issue 14: every paid order gets its GST tax invoice in the transaction that marks it paid. */
  invoices: InvoiceService;
  store: StoreIdentity;
  log: FastifyBaseLogger;
}) {
  async function mailOrderOf(tx: Tx, order: OrderRow): Promise<MailOrder> {
    const [customer] = await tx
      .select({ email: users.email, fullName: users.fullName })
      .from(users)
      .where(eq(users.id, order.userId));
    const items = await tx
      .select({
        name: orderItems.name,
        quantity: orderItems.quantity,
        pricePaise: orderItems.pricePaise,
        isPreOrder: orderItems.isPreOrder,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    const address = addressOf(order);
    return {
      id: order.id,
      orderNumber: order.orderNumber,
      customerName: customer?.fullName || address.fullName,
      customerEmail: customer?.email ?? '',
      items,
      subtotalPaise: order.subtotalPaise,
      discountPaise: order.discountPaise,
      couponCode: order.couponCode,
      shippingPaise: order.shippingPaise,
      totalPaise: order.totalPaise,
      shippingAddress: address,
      deliveryEstimate: deliveryEstimateOf(order),
      deliveryChoice: deliveryChoiceOf(order),
    };
  }

  const addEvent = (tx: Tx, orderId: string, status: string, note: string) =>
    recordStatus(tx, { orderId, status, note, at: clock.now() });

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
    await addEvent(tx, order.id, 'paid', note);
    await invoices.issue(tx, order.id, now);
    const mailOrder = await mailOrderOf(tx, order);
    await enqueueMail(tx, orderConfirmationMail(mailOrder, store), now);
    if (order.giftRecipientEmail) {
      const gift = {
        recipientEmail: order.giftRecipientEmail,
        message: order.giftMessage,
        hidePrices: order.hidePrices,
      };
      await enqueueMail(tx, giftOnItsWayMail(mailOrder, gift, store), now);
    }
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
    method: string | null;
  }): Promise<CaptureOutcome> {
    const outcome = await db.transaction(async (tx): Promise<CaptureOutcome> => {
      // The order's row lock makes capture, the expiry sweep and a second capture take turns.
      const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
      if (!order) throw new Error(`Order ${input.orderId} vanished`);
      const [payment] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          provider: provider.name,
          providerOrderId: input.providerOrderId,
          providerPaymentId: input.paymentId,
          status: 'captured',
          amountPaise: input.amountPaise,
          method: input.method,
          createdAt: clock.now(),
        })
        .onConflictDoNothing({
          target: [payments.provider, payments.providerPaymentId],
          where: sql`${payments.status} <> 'failed'`,
        })
        .returning({ id: payments.id });
      if (!payment) return { kind: 'recorded-before' };

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
        await addEvent(tx, order.id, 'cancelled', LATE_PAYMENT_NOTE);
        return { kind: 'refund', paymentRowId: payment.id, reason: 'out_of_stock' };
      }
      await addEvent(tx, order.id, order.status, DUPLICATE_PAYMENT_NOTE);
      return { kind: 'refund', paymentRowId: payment.id, reason: 'duplicate' };
    });
    if (outcome.kind === 'refund') await refundPayment(outcome.paymentRowId, outcome.reason);
    return outcome;
  }

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
        await addEvent(
          tx,
          order.id,
          order.status,
          reason === 'out_of_stock' ? REFUNDED_OUT_OF_STOCK_NOTE : REFUNDED_DUPLICATE_NOTE,
        );
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

  /** Failures from the checkout window or the provider's webhook, each payment id recorded once. */
  async function recordFailure(order: OrderRow, failure: Failure): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update');
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
        if (seen) return;
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
    });
  }

  async function orderByProviderOrderId(
    providerOrderId: string | null | undefined,
  ): Promise<OrderRow | undefined> {
    if (!providerOrderId) return undefined;
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.provider, provider.name), eq(orders.providerOrderId, providerOrderId)))
      .limit(1);
    return order;
  }

  async function handleWebhookEvent(envelope: WebhookEnvelope): Promise<void> {
    const payment = envelope.payload?.payment?.entity;
    if (!payment) return;
    const order = await orderByProviderOrderId(payment.order_id);
    if (!order) {
      log.warn({ event: envelope.event, providerOrderId: payment.order_id }, 'webhook for an unknown order');
      return;
    }
    // With automatic capture Razorpay sends payment.captured and order.paid; either settles it.
    if (envelope.event === 'payment.captured' || envelope.event === 'order.paid') {
      await capturePayment({
        orderId: order.id,
        providerOrderId: payment.order_id ?? '',
        paymentId: payment.id,
        amountPaise: payment.amount,
        method: payment.method ?? null,
      });
    } else if (envelope.event === 'payment.failed') {
      await recordFailure(order, {
        paymentId: payment.id,
        code: payment.error_code ?? null,
        description: payment.error_description || 'Unknown error',
        reason: payment.error_reason ?? null,
      });
    }
  }

  /** Handles a stored event and marks it processed; a failure is kept for a later retry. */
  async function processStoredEvent(id: string, envelope: WebhookEnvelope): Promise<void> {
    try {
      await handleWebhookEvent(envelope);
      await db
        .update(webhookEvents)
        .set({ processedAt: clock.now(), lastError: null })
        .where(eq(webhookEvents.id, id));
    } catch (error) {
      log.error({ err: error, webhookEventId: id }, 'handling a payment webhook failed; it will be retried');
      const [failed] = await db
        .update(webhookEvents)
        .set({
          lastError: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
          attempts: sql`${webhookEvents.attempts} + 1`,
        })
        .where(eq(webhookEvents.id, id))
        .returning({ attempts: webhookEvents.attempts });
      if (failed) {
        await db
          .update(webhookEvents)
          .set({ nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(failed.attempts)) })
          .where(eq(webhookEvents.id, id));
      }
    }
  }

  return {
    capturePayment,

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

      await capturePayment({
        orderId: order.id,
        providerOrderId: payload.razorpay_order_id,
        paymentId: payload.razorpay_payment_id,
        amountPaise: order.totalPaise,
        method: null,
      });
      const current = await orderService.ownOrder(userId, order.id);
      if (current.status === 'cancelled') throw conflict(LATE_PAYMENT_REFUNDED_MESSAGE);
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
      await recordFailure(order, failure);
      return {
        success: true,
        message: PAYMENT_MESSAGES.paymentFailedRecorded,
        orderId: order.id,
        status: order.status,
      };
    },

    /**
     * POST /api/payments/webhook: checks the signature over the raw body, stores the event by its
     * id (a redelivery finds it stored and changes nothing) and handles it at once.
     */
    async receiveWebhook(input: {
      rawBody: Buffer;
      signature: string | undefined;
      eventId: string | undefined;
    }): Promise<{ duplicate: boolean }> {
      if (!provider.verifyWebhookSignature(input.rawBody, input.signature))
        throw invalid(INVALID_WEBHOOK_SIGNATURE);
      let body: unknown;
      try {
        body = JSON.parse(input.rawBody.toString('utf8'));
      } catch {
        throw invalid('Invalid webhook payload');
      }
      const parsed = WebhookEnvelope.safeParse(body);
      if (!parsed.success) throw invalid('Invalid webhook payload');
      const id = input.eventId || createHash('sha256').update(input.rawBody).digest('hex');

      const [stored] = await db
        .insert(webhookEvents)
        .values({
          id,
          provider: provider.name,
          event: parsed.data.event,
          payload: body,
          receivedAt: clock.now(),
        })
        .onConflictDoNothing({ target: webhookEvents.id })
        .returning({ id: webhookEvents.id });
      if (!stored) {
        const [seen] = await db
          .select({ processedAt: webhookEvents.processedAt })
          .from(webhookEvents)
          .where(eq(webhookEvents.id, id));
        if (seen?.processedAt) return { duplicate: true };
      }
      await processStoredEvent(id, parsed.data);
      return { duplicate: !stored };
    },

    /**
     * Work a crash or an outage left behind: webhooks stored but not handled, and refunds that
     * the provider did not take. Run by the sweep; safe to run on every instance at once.
     */
    async retryUnfinishedWork(): Promise<{ webhooks: number; refunds: number }> {
      const before = new Date(clock.now().getTime() - WEBHOOK_RETRY_AFTER_MS);
      const stuck = await db
        .select({ id: webhookEvents.id, payload: webhookEvents.payload })
        .from(webhookEvents)
        .where(
          and(
            eq(webhookEvents.provider, provider.name),
            isNull(webhookEvents.processedAt),
            lt(webhookEvents.receivedAt, before),
            lt(webhookEvents.attempts, WEBHOOK_MAX_ATTEMPTS),
            or(isNull(webhookEvents.nextAttemptAt), lte(webhookEvents.nextAttemptAt, clock.now())),
          ),
        )
        .orderBy(asc(webhookEvents.receivedAt))
        .limit(RETRY_BATCH);
      for (const event of stuck) {
        const parsed = WebhookEnvelope.safeParse(event.payload);
        if (parsed.success) await processStoredEvent(event.id, parsed.data);
      }

      // Captured payments that must go back: on an order that expired unpaid, or a second one.
      const due = await db
        .select({ id: payments.id, status: orders.status })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(
          and(
            eq(payments.provider, provider.name),
            eq(payments.status, 'captured'),
            isNotNull(payments.providerPaymentId),
            or(
              and(eq(orders.status, 'cancelled'), isNull(orders.paidAt)),
              sql`exists (select 1 from ${payments} as earlier where earlier.order_id = ${payments.orderId} and earlier.status = 'captured' and earlier.id < ${payments.id})`,
            ),
          ),
        )
        .orderBy(asc(payments.id))
        .limit(RETRY_BATCH);
      let refunds = 0;
      for (const payment of due) {
        const reason: RefundReason = payment.status === 'cancelled' ? 'out_of_stock' : 'duplicate';
        if (await refundPayment(payment.id, reason)) refunds++;
      }
      return { webhooks: stuck.length, refunds };
    },
  };
}
