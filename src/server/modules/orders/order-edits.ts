import { and, eq, isNull } from 'drizzle-orm';
import type { ShippingAddress } from '../../../shared/address';
import { codRefusal } from '../../../shared/cash-on-delivery';
import type { DeliveryChoice } from '../../../shared/delivery-dates';
import { deliveryChoiceProblem } from '../../../shared/delivery-dates';
import { addressPincodeRefusal } from '../../../shared/delivery-rules';
import { formatPaise } from '../../../shared/money';
import {
  ADDRESS_EDITABLE_STATUSES,
  ORDER_EDIT_MESSAGES,
  orderEditChargeMessage,
} from '../../../shared/order-edits';
import type { ReadDeliveryCharges } from '../../../shared/shipping';
import type { TimedSlotRule } from '../../../shared/timed-slots';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { orderItems, orders, shipments } from '../../db/schema';
import { conflict, invalid, notFound } from '../../errors';
import type { ReadCodRules } from './cash-on-delivery';
import { feePaiseOf, feesOfOrder, setFee } from './order-charges';
import { recordStatus } from './order-events';
import { estimateOf, type OrderRow } from './order-records';
import type { DeliveryLookup } from './order-service';
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
}: {
  db: Db;
  clock: Clock;
  lookupDelivery: DeliveryLookup;
  deliveryCharges: ReadDeliveryCharges;
  /** Decision 0073: the owner's timed slots, which a kept or new timed choice must still serve. */
  timedSlots: () => Promise<TimedSlotRule[]>;
  codRules: ReadCodRules;
  /** The invoices module's: credit the issued invoice in full and issue one for the new address. */
  reissueInvoice: (tx: Tx, orderId: string, at: Date) => Promise<void>;
}) {
  return {
    /**
     * Changes the address (and phone) of `orderId`; `userId` is the shopper's own (their orders
     * only), null for the back office. A change to the delivery charges is refused for an order
     * paid online (decision 0066: no second payment or partial refund yet), and changes the amount
     * to collect of a cash on delivery order.
     */
    async changeAddress(
      orderId: string,
      userId: number | null,
      input: { address: ShippingAddress; delivery?: DeliveryChoice | undefined },
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
      const slotFeePaise = sameSlot ? paidSlotFeePaise : newFee.paise;
      const differencePaise = slotFeePaise - paidSlotFeePaise;
      if (differencePaise !== 0 && before.paymentMethod !== 'cod')
        throw conflict(orderEditChargeMessage(differencePaise));

      const who = userId === null ? 'the store' : 'the customer';
      const note = [
        `Delivery address changed by ${who} to ${input.address.city} ${pincode}, phone ${input.address.phone}`,
        chosen && (chosen.date !== before.deliveryDate || chosen.slot !== before.deliverySlot)
          ? `delivery ${chosen.date} (${chosen.slot})`
          : '',
        differencePaise !== 0
          ? `amount to collect ${differencePaise > 0 ? 'up' : 'down'} by ${formatPaise(Math.abs(differencePaise))}`
          : '',
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
        return edited;
      });
    },
  };
}
