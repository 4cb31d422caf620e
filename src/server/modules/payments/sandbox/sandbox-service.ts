import { z } from 'zod';
import type { Db } from '../../../db/client';
import { shareOfProviderOrder } from '../../group-gifts';
import { hasTakenPayment } from '../../money-ledger';
import { heldChangeOfProviderOrder } from '../../order-edits';
import { giftBatchOfProviderOrder, orderOf, orderOfProviderOrder } from '../../orders';
import { type SandboxProvider, sandboxId } from '../../payment-providers';
import type { PaymentService } from '../payment-service';

/**
 * What the hosted window posts: the outcome the shopper chose and how they paid. Card numbers, CVV
 * and UPI ids stay in the window; a body with any other field is refused.
 */
export const SandboxPayment = z.strictObject({
  method: z.enum(['card', 'upi']),
  outcome: z.enum(['success', 'failure']),
  description: z.string().trim().max(200).optional(),
});
export type SandboxPayment = z.infer<typeof SandboxPayment>;

const DEFAULT_FAILURE_DESCRIPTION = 'Payment declined by the bank';

/**
 * The sandbox's side of a payment: it signs what Razorpay would sign and sends our webhook handler
 * the event Razorpay would send, through the same verification code (payments.receiveWebhook).
 */
export type SandboxService = ReturnType<typeof createSandboxService>;

export function createSandboxService({
  db,
  sandbox,
  payments: paymentService,
}: {
  db: Db;
  sandbox: SandboxProvider;
  payments: PaymentService;
}) {
  async function sendWebhook(event: 'payment.captured' | 'payment.failed', entity: Record<string, unknown>) {
    const body = {
      entity: 'event',
      account_id: 'acc_sandbox',
      event,
      contains: ['payment'],
      payload: { payment: { entity } },
      created_at: Math.floor(Date.now() / 1000),
    };
    const rawBody = Buffer.from(JSON.stringify(body));
    await paymentService.receiveWebhook({
      rawBody,
      signature: sandbox.signWebhook(rawBody),
      eventId: sandboxId('evt'),
    });
  }

  /** Decision 0085: a provider order for the difference of a change of address held until paid. */
  async function findEdit(providerOrderId: string) {
    const edit = await heldChangeOfProviderOrder(db, 'sandbox', providerOrderId);
    const order = edit && (await orderOf(db, edit.orderId));
    if (!edit || !order) return null;
    return {
      id: order.id,
      totalPaise: edit.differencePaise,
      orderNumber: order.orderNumber,
      paid: await hasTakenPayment(db, { addressEditId: edit.id }),
    };
  }

  /**
   * Decision 0084: a group gift's share is a provider order of its own (its receipt 'GG-<id>', as
   * the sandbox was asked to make it), paid once it has its payment.
   */
  async function findShare(providerOrderId: string) {
    const share = await shareOfProviderOrder(db, providerOrderId);
    if (!share) return null;
    return {
      id: String(share.id),
      totalPaise: share.amountPaise,
      orderNumber: `GG-${share.id}`,
      paid: share.paymentId !== null,
    };
  }

  /** Decision 0090: a gift batch's one provider order, paid once its payment is in. */
  async function findBatch(providerOrderId: string) {
    const batch = await giftBatchOfProviderOrder(db, 'sandbox', providerOrderId);
    if (!batch) return null;
    return {
      id: batch.id,
      totalPaise: batch.totalPaise,
      orderNumber: 'Gift links',
      paid: batch.paidAt !== null,
    };
  }

  return {
    /** The sandbox's view of a provider order: our order with that provider_order_id, a change's, a gift batch's or a group gift share's. */
    async findOrder(providerOrderId: string) {
      const order = await orderOfProviderOrder(db, 'sandbox', providerOrderId);
      if (!order) {
        return (
          (await findEdit(providerOrderId)) ??
          (await findBatch(providerOrderId)) ??
          findShare(providerOrderId)
        );
      }
      return {
        id: order.id,
        totalPaise: order.totalPaise,
        orderNumber: order.orderNumber,
        paid: await hasTakenPayment(db, { orderId: order.id }),
      };
    },

    async pay(providerOrderId: string, amountPaise: number, payment: SandboxPayment, paymentId: string) {
      const entity = {
        id: paymentId,
        entity: 'payment',
        amount: amountPaise,
        currency: 'INR',
        order_id: providerOrderId,
        method: payment.method,
        captured: payment.outcome === 'success',
      };
      if (payment.outcome === 'success') {
        await sendWebhook('payment.captured', { ...entity, status: 'captured' });
        return {
          razorpay_payment_id: paymentId,
          razorpay_order_id: providerOrderId,
          razorpay_signature: sandbox.signPayment(providerOrderId, paymentId),
        };
      }
      const error = {
        code: 'BAD_REQUEST_ERROR',
        description: payment.description || DEFAULT_FAILURE_DESCRIPTION,
        source: payment.method === 'card' ? 'bank' : 'customer',
        step: 'payment_authorization',
        reason: 'payment_failed',
      };
      await sendWebhook('payment.failed', {
        ...entity,
        status: 'failed',
        error_code: error.code,
        error_description: error.description,
        error_source: error.source,
        error_step: error.step,
        error_reason: error.reason,
      });
      return { error: { ...error, metadata: { order_id: providerOrderId, payment_id: paymentId } } };
    },
  };
}
