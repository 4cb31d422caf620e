import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ShippingAddress } from '../../../shared/address';
import { codRefusal } from '../../../shared/cash-on-delivery';
import type { DeliveryChoice } from '../../../shared/delivery-dates';
import { deliveryChoiceProblem } from '../../../shared/delivery-dates';
import { addressPincodeRefusal } from '../../../shared/delivery-rules';
import {
  ADDRESS_EDITABLE_STATUSES,
  feeDifferenceNote,
  LINE_REMOVAL_MESSAGES,
  LINE_REMOVED_CREDIT_REASON,
  lineRemovedNote,
  ORDER_EDIT_MESSAGES,
  orderEditChargeMessage,
} from '../../../shared/order-edits';
import { returnShare } from '../../../shared/order-status';
import type { ReadDeliveryCharges } from '../../../shared/shipping';
import type { TimedSlotRule } from '../../../shared/timed-slots';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { orderItems, orders, products, shipments } from '../../db/schema';
import { conflict, invalid, notFound, unavailable } from '../../errors';
import type { PaymentProvider } from '../payment-providers';
import type { ReadCodRules } from './cash-on-delivery';
import { recordMoney, refundFromPayments } from './money-ledger';
import { feePaiseOf, feesOfOrder, setFee } from './order-charges';
import { recordStatus } from './order-events';
import { estimateOf, hasOpenShipment, type OrderRow } from './order-records';
import { type DeliveryLookup, isOrderId } from './order-service';
import { slotFeeOf, windowColumnsOf } from './order-slots';

export type OrderEdits = ReturnType<typeof createOrderEdits>;

/**
 * Decision 0066: the owner or the shopper changes the delivery address and phone of an order not
 * yet booked. The new pincode is checked as checkout checks it (deliverable, the chosen date and
 * slot, cash on delivery there), the delivery charges are worked out again with the checkout's
 * rules, the invoice (if one was issued) is replaced for the new place of supply, and the edit is
 * on the timeline, all in one transaction under the order's row lock.
 */
export function createOrderEdits({
  db,
  clock,
  lookupDelivery,
  deliveryCharges,
  timedSlots,
  codRules,
  reissueInvoice,
  provider,
}: {
  db: Db;
  clock: Clock;
  lookupDelivery: DeliveryLookup;
  deliveryCharges: ReadDeliveryCharges;
  /** Decision 0073: the owner's timed slots, which a kept or new timed choice must still serve. */
  timedSlots: () => Promise<TimedSlotRule[]>;
  codRules: ReadCodRules;
  /** The invoices module's: credit the issued invoice in full (for `reason`) and issue it again. */
  reissueInvoice: (tx: Tx, orderId: string, at: Date, reason?: string) => Promise<void>;
  /** Gives back a removed line's part of an online payment (decision 0078). */
  provider: Pick<PaymentProvider, 'refund'>;
}) {
  /**
   * Decision 0078: gives `paise` of an edited order back to its online payment, each part with its
   * ledger line (the caller has issued the invoice again); a provider that fails, or payments that
   * hold less, roll the edit back.
   */
  async function refundInFull(
    tx: Tx,
    part: {
      orderId: string;
      paise: number;
      reason: 'fee_difference' | 'line_removed';
      receipt: string;
      failedMessage: string;
      at: Date;
    },
  ): Promise<void> {
    const { paise } = await refundFromPayments(tx, {
      provider,
      orderId: part.orderId,
      wantedPaise: part.paise,
      receiptOf: (paymentId) => `${part.receipt}-${paymentId}`,
      record: async (made) => {
        await recordMoney(tx, {
          orderId: part.orderId,
          kind: 'refunded',
          amountPaise: made.paise,
          reason: part.reason,
          paymentId: made.paymentId,
          providerRef: made.providerRef,
          at: part.at,
        });
      },
      failed: () => unavailable(part.failedMessage),
    });
    if (paise !== part.paise)
      throw new Error(`Order ${part.orderId} could give back ${paise} of ${part.paise} paise`);
  }

  return {
    /**
     * Changes the address (and phone) of `orderId`; `userId` is the shopper's own (their orders
     * only), null for the back office. A delivery choice that costs more is refused for an order
     * paid online unless the store waives the difference (decision 0078); one that costs less is
     * refunded to the payment; a cash on delivery order's amount to collect follows either way.
     */
    async changeAddress(
      orderId: string,
      userId: number | null,
      input: {
        address: ShippingAddress;
        delivery?: DeliveryChoice | undefined;
        waiveFeeDifference?: boolean;
      },
    ): Promise<OrderRow> {
      const [before] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!before || (userId !== null && before.userId !== userId))
        throw notFound(ORDER_EDIT_MESSAGES.notFound);
      const lines = await db
        .select({ isPreOrder: orderItems.isPreOrder })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId));
      const fees = await feesOfOrder(db, orderId);
      const paidSlotFeePaise = feePaiseOf(fees, 'delivery_slot');
      const now = clock.now();
      const pincode = input.address.postalCode;
      const check = await lookupDelivery(pincode, { isPreOrder: lines.some((line) => line.isPreOrder) });
      if (!check.info.serviceable) {
        // Decision 0068: refused in the product page's words for the same pincode, as a saved address is.
        const message = addressPincodeRefusal(pincode, check.info);
        throw invalid(message, [{ path: 'address.postalCode', message }]);
      }
      // The date and slot chosen at checkout must hold at the new pincode, or a new choice is given.
      const chosen =
        input.delivery ??
        (before.deliveryDate && before.deliverySlot
          ? ({
              date: before.deliveryDate,
              slot: before.deliverySlot,
              slotId: before.deliverySlotId ?? undefined,
              windowStart: before.deliveryWindowStart ?? undefined,
            } as DeliveryChoice)
          : null);
      const slots = await timedSlots();
      const choiceProblem = chosen ? deliveryChoiceProblem(chosen, check, now, { slots, pincode }) : null;
      if (choiceProblem) throw invalid(choiceProblem, [{ path: 'delivery', message: choiceProblem }]);
      if (before.paymentMethod === 'cod') {
        // The order's own facts only: the account's (its open COD order) is this order.
        const refused = codRefusal(await codRules(), {
          hasPreOrder: false,
          hasPersonalised: false,
          isQuote: false,
          orderValuePaise: before.totalPaise - feePaiseOf(fees, 'cash_on_delivery'),
          pincode,
          phoneVerified: true,
          openCodOrder: null,
        });
        if (refused) throw conflict(`${ORDER_EDIT_MESSAGES.codNotHere} ${refused}`);
      }
      // The slot's fee: as paid when the slot stays, at the owner's charge in force when it changes.
      const { midnightSlotFeePaise } = await deliveryCharges();
      const sameSlot =
        chosen?.slot === before.deliverySlot &&
        (chosen?.slot !== 'timed' || chosen.slotId === (before.deliverySlotId ?? undefined));
      const newFee = slotFeeOf(chosen, midnightSlotFeePaise, slots);
      const quotedPaise = sameSlot ? paidSlotFeePaise : newFee.paise;
      // Decision 0078: a dearer choice is the store's to waive (the back office only); a prepaid
      // order's cheaper one is refunded below, a COD order's changes what the courier collects.
      const waivedPaise =
        userId === null && input.waiveFeeDifference ? Math.max(0, quotedPaise - paidSlotFeePaise) : 0;
      const slotFeePaise = quotedPaise - waivedPaise;
      const differencePaise = slotFeePaise - paidSlotFeePaise;
      const cod = before.paymentMethod === 'cod';
      if (differencePaise > 0 && !cod) throw conflict(orderEditChargeMessage(differencePaise));

      const who = userId === null ? 'the store' : 'the customer';
      const note = [
        `Delivery address changed by ${who} to ${input.address.city} ${pincode}, phone ${input.address.phone}`,
        chosen && (chosen.date !== before.deliveryDate || chosen.slot !== before.deliverySlot)
          ? `delivery ${chosen.date} (${chosen.slot})`
          : '',
        feeDifferenceNote(differencePaise, { cod, waivedPaise }),
      ]
        .filter(Boolean)
        .join('; ');
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!row || !ADDRESS_EDITABLE_STATUSES.includes(row.status))
          throw conflict(ORDER_EDIT_MESSAGES.notEditable);
        const [booked] = await tx
          .select({ id: shipments.id })
          .from(shipments)
          .where(and(eq(shipments.orderId, orderId), isNull(shipments.cancelledAt)));
        if (booked) throw conflict(ORDER_EDIT_MESSAGES.booked);
        if (row.updatedAt.getTime() !== before.updatedAt.getTime())
          throw conflict(ORDER_EDIT_MESSAGES.changedMeanwhile);
        const [edited] = await tx
          .update(orders)
          .set({
            shippingAddress: input.address,
            deliveryPincode: pincode,
            deliveryEstimate: estimateOf(check.info),
            deliveryDate: chosen?.date ?? null,
            deliverySlot: chosen?.slot ?? null,
            ...windowColumnsOf(chosen, slots),
            totalPaise: row.totalPaise + differencePaise,
            updatedAt: now,
          })
          .where(eq(orders.id, orderId))
          .returning();
        if (!edited) throw new Error(`Order ${orderId} vanished`);
        // Decision 0072: the slot's fee is the order's charge row, so the total and its rows agree.
        if (differencePaise !== 0 || !sameSlot) {
          await setFee(tx, orderId, 'delivery_slot', slotFeePaise, newFee.label ?? undefined);
        }
        // CGST s.34: an invoice issued for the old address is credited and replaced.
        await reissueInvoice(tx, orderId, now);
        await recordStatus(tx, {
          orderId,
          status: row.status,
          note,
          actor: userId === null ? 'admin' : 'customer',
          at: now,
        });
        // Decision 0078: last, the cheaper fee's difference back to an online payment, with its
        // ledger line (the new invoice already charges the lower fee); a provider that fails rolls
        // the edit back (503).
        if (differencePaise < 0 && !cod) {
          await refundInFull(tx, {
            orderId,
            paise: -differencePaise,
            reason: 'fee_difference',
            receipt: `fee-${orderId}-${now.getTime()}`,
            failedMessage: ORDER_EDIT_MESSAGES.refundFailed,
            at: now,
          });
        }
        return edited;
      });
    },

    /**
     * Decision 0078: the owner removes one line of an order not yet booked. Under the order's row
     * lock the line goes, its reserved units go back on the shelf, the order's sums lose what the
     * line cost (its coupon share with it, to the paisa, as a return of the whole line would give
     * back: `returnShare`), the invoice (if one was issued) is credited in full and issued again
     * without it (CGST s.34), and the line is on the timeline. The fees stay as charged: removing
     * an item never makes the customer pay more. Last, a prepaid order's part is refunded through
     * the provider with its ledger line; a provider that fails rolls it all back (503).
     */
    async removeLine(orderId: string, lineId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = isOrderId(orderId)
          ? await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
          : [];
        if (!row) throw notFound(ORDER_EDIT_MESSAGES.notFound);
        if (!ADDRESS_EDITABLE_STATUSES.includes(row.status))
          throw conflict(LINE_REMOVAL_MESSAGES.notEditable);
        if (await hasOpenShipment(tx, orderId)) throw conflict(LINE_REMOVAL_MESSAGES.booked);
        const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).for('update');
        const line = lines.find((candidate) => candidate.id === lineId);
        if (!line) throw notFound(LINE_REMOVAL_MESSAGES.lineNotFound);
        if (lines.length === 1) throw conflict(LINE_REMOVAL_MESSAGES.lastLine);
        const itemsPaise = line.pricePaise * line.quantity;
        const linePaise = returnShare(itemsPaise - line.discountPaise, line.quantity, 0, line.quantity);
        const now = clock.now();
        if (line.reservedQuantity > 0)
          await tx
            .update(products)
            .set({ stock: sql`${products.stock} + ${line.reservedQuantity}` })
            .where(eq(products.id, line.productId));
        await tx.delete(orderItems).where(eq(orderItems.id, line.id));
        await tx
          .update(orders)
          .set({
            subtotalPaise: row.subtotalPaise - itemsPaise,
            // The order's discount is the coupon's; the line's also holds its tier (decision 0080).
            discountPaise: row.discountPaise - (line.discountPaise - line.tierDiscountPaise),
            totalPaise: row.totalPaise - linePaise,
            updatedAt: now,
          })
          .where(eq(orders.id, orderId));
        await reissueInvoice(tx, orderId, now, LINE_REMOVED_CREDIT_REASON);
        const cod = row.paymentMethod === 'cod';
        await recordStatus(tx, {
          orderId,
          status: row.status,
          note: lineRemovedNote(line, linePaise, cod),
          actor: 'admin',
          at: now,
        });
        if (cod || linePaise === 0) return;
        await refundInFull(tx, {
          orderId,
          paise: linePaise,
          reason: 'line_removed',
          receipt: `line-${line.id}`,
          failedMessage: LINE_REMOVAL_MESSAGES.refundFailed,
          at: now,
        });
      });
    },
  };
}
