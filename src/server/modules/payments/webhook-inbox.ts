import { createHash } from 'node:crypto';
import { and, asc, count, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/client';
import { invalid } from '../../errors';
import { retryDelayMs } from '../mail';
import { heldChangeOfProviderOrder } from '../order-edits';
import { giftBatchOfProviderOrder, orderOfProviderOrder } from '../orders';
import type { PaymentProvider, ProviderCapture } from '../payment-providers';
import type { Capture } from './capture';
import { INVALID_WEBHOOK_SIGNATURE } from './payment-notes';
import { webhookEvents } from './tables';

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
  currency: z.string().nullish(),
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

/** Payments for provider orders another module made; true when it knew the provider order. */
export type OtherPayments = { capture(payment: ProviderCapture): Promise<boolean> };

const capturedOf = (payment: z.infer<typeof PaymentEntity>): ProviderCapture => ({
  providerOrderId: payment.order_id ?? '',
  paymentId: payment.id,
  amountPaise: payment.amount,
  currency: payment.currency ?? null,
  method: payment.method ?? null,
});

/**
 * The provider's webhooks: each event is stored by its id before it is handled, so a redelivery
 * changes nothing and an event whose handling failed is tried again with a growing pause.
 */
export function createWebhookInbox({
  db,
  clock,
  provider,
  log,
  capture,
  otherPayments,
}: {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  capture: Capture;
  /** Decision 0084: a captured payment for a provider order that is not an order's (a group gift's share). */
  otherPayments?: OtherPayments;
}) {
  // A provider order is an order's, a change of address's (decision 0085) or a gift batch's (0090).
  type ProviderOrderId = string | null | undefined;
  const orderByProviderOrderId = async (id: ProviderOrderId) =>
    id ? orderOfProviderOrder(db, provider.name, id) : null;
  const editByProviderOrderId = async (id: ProviderOrderId) =>
    id ? heldChangeOfProviderOrder(db, provider.name, id) : null;
  const batchByProviderOrderId = async (id: ProviderOrderId) =>
    id ? giftBatchOfProviderOrder(db, provider.name, id) : null;

  async function handleWebhookEvent(envelope: WebhookEnvelope): Promise<void> {
    const payment = envelope.payload?.payment?.entity;
    if (!payment) return;
    // With automatic capture Razorpay sends payment.captured and order.paid; either settles it.
    const captured = envelope.event === 'payment.captured' || envelope.event === 'order.paid';
    const order = await orderByProviderOrderId(payment.order_id);
    const batch = order ? undefined : await batchByProviderOrderId(payment.order_id);
    if (batch) {
      // Decision 0090: a gift batch's one payment; a failed try is the buyer's to retry.
      if (captured) await capture.captureBatchPayment({ ...capturedOf(payment), batchId: batch.id });
      return;
    }
    const edit = order ? undefined : await editByProviderOrderId(payment.order_id);
    if (edit) {
      // Decision 0085: the difference of a change of address; a failed try is the shopper's to
      // retry until the change lapses, so only a capture is recorded.
      if (captured) await capture.captureEditPayment({ ...capturedOf(payment), editId: edit.id });
      return;
    }
    if (!order && payment.order_id && captured) {
      const taken = await otherPayments?.capture(capturedOf(payment));
      if (taken) return;
    }
    if (!order) {
      log.warn({ event: envelope.event, providerOrderId: payment.order_id }, 'webhook for an unknown order');
      return;
    }
    if (captured) {
      await capture.capturePayment({ ...capturedOf(payment), orderId: order.id });
    } else if (envelope.event === 'payment.failed') {
      await capture.recordFailure(order, {
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

    /** Events stored but not handled (a crash, an outage); answers how many were tried. */
    async retryStoredEvents(): Promise<number> {
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
      return stuck.length;
    },
  };
}

/** The webhooks not handled yet, and those of them that failed (for /metrics and the back office). */
export async function webhookQueueOf(runner: Queryable) {
  const [row] = await runner
    .select({
      unprocessed: count(),
      failing: sql<number>`count(*) filter (where ${webhookEvents.lastError} is not null)`.mapWith(Number),
    })
    .from(webhookEvents)
    .where(isNull(webhookEvents.processedAt));
  return { unprocessed: row?.unprocessed ?? 0, failing: row?.failing ?? 0 };
}

/** Provider webhooks not handled yet (the oldest first), for the back office. */
export async function readStuckWebhooks(db: Db, limit = 20) {
  const rows = await db
    .select({
      id: webhookEvents.id,
      event: webhookEvents.event,
      receivedAt: webhookEvents.receivedAt,
      lastError: webhookEvents.lastError,
      attempts: webhookEvents.attempts,
      nextAttemptAt: webhookEvents.nextAttemptAt,
    })
    .from(webhookEvents)
    .where(isNull(webhookEvents.processedAt))
    .orderBy(asc(webhookEvents.receivedAt))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    receivedAt: row.receivedAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    gaveUp: row.attempts >= WEBHOOK_MAX_ATTEMPTS,
  }));
}
