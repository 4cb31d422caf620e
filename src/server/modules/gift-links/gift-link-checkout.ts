import type {
  CreateGiftLinkBatchPayload,
  CreateGiftLinkBatchResponse,
  CreateGiftLinkPayload,
  GiftLinkRecipientRows,
} from '../../../shared/api/gift-links';
import { type CreateOrderResponse, PAYMENT_MESSAGES } from '../../../shared/api/payments';
import { toPaise, toRupees } from '../../../shared/money';
import { chargeSummary, feesOf } from '../../../shared/order-charges';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { conflict } from '../../errors';
import {
  type GiftBatch,
  giftBatchByIdempotencyKey,
  giftBatchOrdersOf,
  insertGiftBatch,
  type OrderService,
  orderByIdempotencyKey,
  storeGiftBatchProviderOrder,
} from '../orders';
import type { PaymentProvider } from '../payment-providers';
import { insertGiftLink, type ReadGiftLinkRules, refuseGiftLinkSender } from './gift-link-orders';

/** What a link's order is placed with: the orders module's checkout. */
export type OrdersCheckout = Pick<
  OrderService,
  'priceCheckout' | 'refuseBeyondUnpaidLimit' | 'placeOnlineOrder' | 'startPayment'
>;

/** A checked list's row (decision 0090), as readRecipientList gives it. */
export type GiftLinkBatchRecipient = GiftLinkRecipientRows['recipients'][number];

/**
 * Decision 0081: the sender's checkout of a gift sent by link, one recipient or a list of them
 * (decision 0090). Each recipient's order is priced, placed and paid online as checkout's are (the
 * orders module's), with its link's row written in the same transaction.
 */
export function createGiftLinkCheckout({
  db,
  clock,
  provider,
  orders,
  giftLinkRules,
  onStockChanged,
}: {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  orders: OrdersCheckout;
  /** Decision 0081: the owner's gift link life and links a day. */
  giftLinkRules: ReadGiftLinkRules;
  onStockChanged: () => void;
}) {
  /** The batch's one provider order (made after the commit, as an order's is), and what it pays. */
  async function respondBatch(batch: GiftBatch): Promise<CreateGiftLinkBatchResponse> {
    const children = await giftBatchOrdersOf(db, batch.id);
    const first = children[0]?.orderNumber ?? '';
    const label = children.length > 1 ? `${first} +${children.length - 1}` : first;
    let providerOrderId = batch.providerOrderId;
    if (!providerOrderId) {
      const created = await provider.createOrder({
        amountPaise: batch.totalPaise,
        receipt: label,
        notes: { giftBatchId: batch.id, orders: String(children.length) },
      });
      providerOrderId = await storeGiftBatchProviderOrder(db, batch.id, created.id);
      if (!providerOrderId) throw new Error(`Gift batch ${batch.id} has no provider order`);
    }
    return {
      order: { id: providerOrderId, amount: batch.totalPaise, currency: 'INR' },
      orderId: batch.id,
      orderNumber: label,
      totalAmount: toRupees(batch.totalPaise),
      keyId: provider.keyId,
      provider: provider.name,
      paymentMethod: 'online',
      orders: children.length,
    };
  }

  return {
    /**
     * A gift sent by link. Priced as checkout prices (the coupon, shipping on the cart's value)
     * with the largest slot fee the sender allows, paid online now; no address, so no delivery
     * check yet (the recipient's pincode is checked when they give it). The stock is reserved as
     * for any order: held while it waits for payment, then for the link's life.
     */
    async createGiftLinkOrder(
      userId: number,
      payload: CreateGiftLinkPayload,
      idempotencyKey?: string,
    ): Promise<CreateOrderResponse> {
      if (idempotencyKey) {
        const existing = await orderByIdempotencyKey(db, userId, idempotencyKey);
        if (existing) {
          if (existing.status !== 'pending') {
            throw conflict(
              existing.paidAt ? PAYMENT_MESSAGES.alreadyPaid : PAYMENT_MESSAGES.orderNoLongerPending,
            );
          }
          return orders.startPayment(existing);
        }
      }
      const priced = await orders.priceCheckout(userId, payload, payload.allowedSlots);
      const charges = priced.chargesWith();
      const { subtotalPaise, discountPaise, totalPaise } = chargeSummary(charges);
      if (toPaise(payload.totalAmount) !== totalPaise) throw conflict(PAYMENT_MESSAGES.pricesChanged);
      const rules = await giftLinkRules();
      const now = clock.now();
      const order = await db.transaction(async (tx) => {
        await orders.refuseBeyondUnpaidLimit(tx, userId, now);
        await refuseGiftLinkSender(tx, userId, [payload.recipient.phone], rules, now);
        const created = await orders.placeOnlineOrder(
          tx,
          userId,
          {
            order: {
              subtotalPaise,
              discountPaise,
              // The sender's message is printed on the card only (decision 0081), as a gift message is.
              giftMessage: payload.message ? payload.message : null,
              hidePrices: true,
              totalPaise,
              shippingAddress: null,
              idempotencyKey: idempotencyKey ?? null,
            },
            lines: priced.orderLines,
            fees: feesOf(charges),
            coupon: priced.coupon,
          },
          now,
        );
        await insertGiftLink(tx, created.id, payload, rules, now);
        return created;
      });
      onStockChanged();
      return orders.startPayment(order);
    },

    /**
     * Decision 0090: one gift to each recipient of a checked list, paid once. Every recipient's
     * order is a gift link order of its own, priced by the one model of an order's money (so each
     * has its own charges, shipment and invoice), all in one transaction with their batch, whose
     * total is theirs added up to the paisa; the batch alone gets a provider order. No coupon: a
     * coupon is one shopper's, for one order. The idempotency key names the batch, so a retry pays
     * the same one.
     */
    async createGiftLinkBatch(
      userId: number,
      payload: CreateGiftLinkBatchPayload,
      recipients: readonly GiftLinkBatchRecipient[],
      idempotencyKey?: string,
    ): Promise<CreateGiftLinkBatchResponse> {
      if (idempotencyKey) {
        const existing = await giftBatchByIdempotencyKey(db, userId, idempotencyKey);
        if (existing) {
          if (existing.paidAt) throw conflict(PAYMENT_MESSAGES.alreadyPaid);
          return respondBatch(existing);
        }
      }
      const priced = await orders.priceCheckout(userId, payload, payload.allowedSlots);
      const charges = priced.chargesWith();
      const { subtotalPaise, discountPaise, totalPaise } = chargeSummary(charges);
      const batchPaise = totalPaise * recipients.length;
      if (toPaise(payload.totalAmount) !== batchPaise) throw conflict(PAYMENT_MESSAGES.pricesChanged);
      const rules = await giftLinkRules();
      const now = clock.now();
      const business = payload.business?.gstin ? payload.business : null;
      const batch = await db.transaction(async (tx) => {
        await orders.refuseBeyondUnpaidLimit(tx, userId, now);
        await refuseGiftLinkSender(
          tx,
          userId,
          recipients.map((recipient) => recipient.phone),
          rules,
          now,
        );
        const created = await insertGiftBatch(tx, {
          userId,
          provider: provider.name,
          totalPaise: batchPaise,
          buyerGstin: business?.gstin ?? null,
          buyerLegalName: business?.legalName ?? null,
          idempotencyKey: idempotencyKey ?? null,
          createdAt: now,
        });
        for (const recipient of recipients) {
          const message = recipient.message ?? payload.message ?? null;
          const child = await orders.placeOnlineOrder(
            tx,
            userId,
            {
              order: {
                subtotalPaise,
                discountPaise,
                giftMessage: message || null,
                hidePrices: true,
                totalPaise,
                shippingAddress: null,
                idempotencyKey: null,
                giftBatchId: created.id,
              },
              lines: priced.orderLines,
              fees: feesOf(charges),
              coupon: null,
            },
            now,
          );
          await insertGiftLink(
            tx,
            child.id,
            {
              recipient: {
                name: recipient.name,
                ...(recipient.phone ? { phone: recipient.phone } : {}),
                ...(recipient.email ? { email: recipient.email } : {}),
              },
              message: message ?? undefined,
              revealGift: payload.revealGift,
              allowedSlots: payload.allowedSlots,
            },
            rules,
            now,
          );
        }
        return created;
      });
      onStockChanged();
      return respondBatch(batch);
    },
  };
}
