import { and, eq, lte } from 'drizzle-orm';
import type { ShippingAddress } from '../../../shared/address';
import { codRefusal } from '../../../shared/cash-on-delivery';
import type { DeliveryChoice } from '../../../shared/delivery-dates';
import { deliveryChoiceProblem } from '../../../shared/delivery-dates';
import { addressPincodeRefusal } from '../../../shared/delivery-rules';
import type { Paise } from '../../../shared/money';
import {
  ADDRESS_EDIT_LAPSED_REASONS,
  ADDRESS_EDIT_PAYMENT_MINUTES,
  ADDRESS_EDITABLE_STATUSES,
  type AddressEditState,
  awaitingEditNote,
  expiredEditNote,
  feeDifferenceNote,
  LINE_REMOVAL_MESSAGES,
  LINE_REMOVED_CREDIT_REASON,
  lapsedEditNote,
  lineRemovedNote,
  ORDER_EDIT_MESSAGES,
  paidDifferenceNote,
} from '../../../shared/order-edits';
import { returnShare } from '../../../shared/order-status';
import type { ReadDeliveryCharges } from '../../../shared/shipping';
import type { TimedSlotRule } from '../../../shared/timed-slots';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { AppError, conflict, invalid, notFound, unavailable } from '../../errors';
import { restock } from '../catalog';
import { hasOpenShipment } from '../courier';
import { slotFeeOf } from '../delivery-slots';
import { markPaymentRefundDue, recordMoney, refundFromPayments } from '../money-ledger';
import {
  type DeliveryLookup,
  feePaiseOf,
  feesOfOrder,
  isOrderId,
  lockedLinesOf,
  lockedOrderOf,
  type OrderRow,
  orderLinesOf,
  orderOf,
  type ReadCodRules,
  recordStatus,
  removeOrderLine,
  setFee,
  setOrderDelivery,
} from '../orders';
import type { PaymentProvider } from '../payment-providers';
import { addressEdits } from './tables';

export type OrderEdits = ReturnType<typeof createOrderEdits>;

type CheckedAddress = {
  chosen: DeliveryChoice | null;
  check: Awaited<ReturnType<DeliveryLookup>>;
  slots: TimedSlotRule[];
};
/** Decision 0085: a held change checked again at payment, or why it no longer holds. */
export type EditRecheck = CheckedAddress | { problem: string };

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
  /**
   * Gives back a removed line's part of an online payment (decision 0078); takes the difference
   * of a dearer address change as an order of its own (decision 0085).
   */
  provider: Pick<PaymentProvider, 'refund' | 'createOrder' | 'name'>;
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

  type Chosen = DeliveryChoice | null;

  /**
   * The checks of a new address against the order as it stands (decision 0066): the pincode is
   * served, the kept or new date and slot hold there (with the server's clock), cash on delivery
   * is allowed there. Answers the choice and the delivery check.
   */
  async function checkNewAddress(
    before: OrderRow,
    address: ShippingAddress,
    delivery: DeliveryChoice | undefined,
    now: Date,
  ): Promise<CheckedAddress> {
    const lines = await orderLinesOf(db, before.id);
    const pincode = address.postalCode;
    const check = await lookupDelivery(pincode, { isPreOrder: lines.some((line) => line.isPreOrder) });
    if (!check.info.serviceable) {
      // Decision 0068: refused in the product page's words for the same pincode, as a saved address is.
      const message = addressPincodeRefusal(pincode, check.info);
      throw invalid(message, [{ path: 'address.postalCode', message }]);
    }
    // The date and slot chosen at checkout must hold at the new pincode, or a new choice is given.
    const chosen: Chosen =
      delivery ??
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
    return { chosen, check, slots };
  }

  /** Under the order's row lock: still editable, not booked, and as it was when the change was asked. */
  async function lockEditable(tx: Tx, orderId: string, seenUpdatedAt: Date): Promise<OrderRow> {
    const row = await lockedOrderOf(tx, orderId);
    if (!row || !ADDRESS_EDITABLE_STATUSES.includes(row.status))
      throw conflict(ORDER_EDIT_MESSAGES.notEditable);
    if (await hasOpenShipment(tx, orderId)) throw conflict(ORDER_EDIT_MESSAGES.booked);
    if (row.updatedAt.getTime() !== seenUpdatedAt.getTime())
      throw conflict(ORDER_EDIT_MESSAGES.changedMeanwhile);
    return row;
  }

  /**
   * The change itself, in the caller's transaction under the order's row lock: the address, the
   * delivery choice and its window, the total with the fee's difference and the slot's charge row
   * (decision 0072), the invoice for the new place of supply (CGST s.34), the timeline. A change
   * still waiting for payment is superseded by it (decision 0085).
   */
  async function writeChange(
    tx: Tx,
    row: OrderRow,
    change: {
      address: ShippingAddress;
      chosen: Chosen;
      check: Awaited<ReturnType<DeliveryLookup>>;
      slots: TimedSlotRule[];
      slotFeePaise: Paise;
      slotFeeLabel: string | null;
      rewriteFee: boolean;
      differencePaise: Paise;
      note: string;
      actor: 'admin' | 'customer';
      now: Date;
    },
  ): Promise<OrderRow> {
    const { address, chosen, now } = change;
    const edited = await setOrderDelivery(tx, row.id, {
      address,
      info: change.check.info,
      chosen,
      slots: change.slots,
      totalPaise: row.totalPaise + change.differencePaise,
      at: now,
    });
    if (change.rewriteFee) {
      await setFee(tx, row.id, 'delivery_slot', change.slotFeePaise, change.slotFeeLabel ?? undefined);
    }
    await reissueInvoice(tx, row.id, now);
    await tx
      .update(addressEdits)
      .set({ state: 'superseded', settledAt: now })
      .where(and(eq(addressEdits.orderId, row.id), eq(addressEdits.state, 'awaiting_payment')));
    await recordStatus(tx, {
      orderId: row.id,
      status: row.status,
      note: change.note,
      actor: change.actor,
      at: now,
    });
    return edited;
  }

  const changedNote = (
    who: 'the store' | 'the customer',
    address: ShippingAddress,
    before: OrderRow,
    chosen: Chosen,
    money: string,
  ) =>
    [
      `Delivery address changed by ${who} to ${address.city} ${address.postalCode}, phone ${address.phone}`,
      chosen && (chosen.date !== before.deliveryDate || chosen.slot !== before.deliverySlot)
        ? `delivery ${chosen.date} (${chosen.slot})`
        : '',
      money,
    ]
      .filter(Boolean)
      .join('; ');

  return {
    /**
     * Changes the address (and phone) of `orderId`; `userId` is the shopper's own (their orders
     * only), null for the back office. A delivery choice that costs more than an online payment
     * paid is held until the customer pays the difference (decision 0085), unless the store waives
     * it (decision 0078); one that costs less is refunded to the payment; a cash on delivery
     * order's amount to collect follows either way. Answers whether the change was made or waits.
     */
    async changeAddress(
      orderId: string,
      userId: number | null,
      input: {
        address: ShippingAddress;
        delivery?: DeliveryChoice | undefined;
        waiveFeeDifference?: boolean;
      },
    ): Promise<{ outcome: 'changed' | 'awaiting_payment' }> {
      const before = isOrderId(orderId) ? await orderOf(db, orderId) : null;
      if (!before || (userId !== null && before.userId !== userId))
        throw notFound(ORDER_EDIT_MESSAGES.notFound);
      const fees = await feesOfOrder(db, orderId);
      const paidSlotFeePaise = feePaiseOf(fees, 'delivery_slot');
      const now = clock.now();
      const pincode = input.address.postalCode;
      const { chosen, check, slots } = await checkNewAddress(before, input.address, input.delivery, now);
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
      const who = userId === null ? 'the store' : 'the customer';
      const actor = userId === null ? 'admin' : 'customer';

      if (differencePaise > 0 && !cod) {
        // Decision 0085: held until the customer pays the difference through the provider; the
        // provider's order is made before the transaction (no network call holds a row lock).
        let providerOrderId: string;
        try {
          providerOrderId = (
            await provider.createOrder({
              amountPaise: differencePaise,
              receipt: `${before.orderNumber}-edit-${now.getTime()}`,
              notes: { orderId, orderNumber: before.orderNumber, purpose: 'address_change' },
            })
          ).id;
        } catch {
          throw unavailable(ORDER_EDIT_MESSAGES.paymentUnavailable);
        }
        await db.transaction(async (tx) => {
          const row = await lockEditable(tx, orderId, before.updatedAt);
          await tx
            .update(addressEdits)
            .set({ state: 'superseded', settledAt: now })
            .where(and(eq(addressEdits.orderId, orderId), eq(addressEdits.state, 'awaiting_payment')));
          await tx.insert(addressEdits).values({
            orderId,
            address: input.address,
            delivery: chosen,
            slotFeePaise,
            slotFeeLabel: newFee.label,
            differencePaise,
            orderUpdatedAt: row.updatedAt,
            requestedBy: actor,
            provider: provider.name,
            providerOrderId,
            expiresAt: new Date(now.getTime() + ADDRESS_EDIT_PAYMENT_MINUTES * 60_000),
            createdAt: now,
          });
          await recordStatus(tx, {
            orderId,
            status: row.status,
            note: awaitingEditNote(who, input.address, differencePaise),
            actor,
            at: now,
          });
        });
        return { outcome: 'awaiting_payment' };
      }

      await db.transaction(async (tx) => {
        const row = await lockEditable(tx, orderId, before.updatedAt);
        await writeChange(tx, row, {
          address: input.address,
          chosen,
          check,
          slots,
          slotFeePaise,
          slotFeeLabel: newFee.label,
          // Decision 0072: the slot's fee is the order's charge row, so the total and its rows agree.
          rewriteFee: differencePaise !== 0 || !sameSlot,
          differencePaise,
          note: changedNote(
            who,
            input.address,
            before,
            chosen,
            feeDifferenceNote(differencePaise, { cod, waivedPaise }),
          ),
          actor,
          now,
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
      });
      return { outcome: 'changed' };
    },

    /**
     * Decision 0085: the checks of a held change made again before its payment is counted (outside
     * the payment's transaction, as they read the pincodes and slots): the pincode still served,
     * the date and slot still open with the clock at payment. Answers them or why they fail.
     */
    async recheckEdit(editId: number): Promise<EditRecheck> {
      const [edit] = await db.select().from(addressEdits).where(eq(addressEdits.id, editId));
      const row = edit ? await orderOf(db, edit.orderId) : null;
      if (!edit || !row) return { problem: ADDRESS_EDIT_LAPSED_REASONS.changedMeanwhile };
      try {
        return await checkNewAddress(row, edit.address, edit.delivery ?? undefined, clock.now());
      } catch (error) {
        if (error instanceof AppError) return { problem: error.message };
        throw error;
      }
    },

    /**
     * Decision 0085: the held change whose difference `paymentRowId` paid, in the payment's
     * transaction (the caller has recorded the payment and its ledger line, and rechecked the
     * change with `recheckEdit`). Applied when it still waits, has not lapsed, the order is still
     * editable and unchanged and the date and slot held; else it changes nothing, the timeline
     * says why, and the payment is marked due back (the caller refunds it). Answers whether it was
     * applied.
     */
    async settlePaidEdit(
      tx: Tx,
      editId: number,
      paymentRowId: number,
      recheck: EditRecheck,
    ): Promise<boolean> {
      const now = clock.now();
      // The order's row lock first, as every other edit takes it, then the held change's.
      const [held] = await tx
        .select({ orderId: addressEdits.orderId })
        .from(addressEdits)
        .where(eq(addressEdits.id, editId));
      if (!held) throw new Error(`Address edit ${editId} vanished`);
      const row = await lockedOrderOf(tx, held.orderId);
      if (!row) throw new Error(`Order ${held.orderId} vanished`);
      const [edit] = await tx.select().from(addressEdits).where(eq(addressEdits.id, editId)).for('update');
      if (!edit) throw new Error(`Address edit ${editId} vanished`);
      const who = edit.requestedBy === 'admin' ? 'the store' : 'the customer';
      const refusal = await (async (): Promise<{ state: AddressEditState; reason: string } | null> => {
        if (edit.state !== 'awaiting_payment')
          return {
            state: edit.state,
            reason:
              edit.state === 'applied'
                ? ADDRESS_EDIT_LAPSED_REASONS.alreadyPaid
                : edit.state === 'expired'
                  ? ADDRESS_EDIT_LAPSED_REASONS.expired
                  : ADDRESS_EDIT_LAPSED_REASONS.superseded,
          };
        if (now.getTime() >= edit.expiresAt.getTime())
          return { state: 'expired', reason: ADDRESS_EDIT_LAPSED_REASONS.expired };
        if (!ADDRESS_EDITABLE_STATUSES.includes(row.status) || (await hasOpenShipment(tx, row.id)))
          return { state: 'refused', reason: ADDRESS_EDIT_LAPSED_REASONS.notEditable };
        if (row.updatedAt.getTime() !== edit.orderUpdatedAt.getTime())
          return { state: 'refused', reason: ADDRESS_EDIT_LAPSED_REASONS.changedMeanwhile };
        if ('problem' in recheck) return { state: 'refused', reason: recheck.problem };
        return null;
      })();
      if (refusal || 'problem' in recheck) {
        const reason = refusal?.reason ?? ADDRESS_EDIT_LAPSED_REASONS.changedMeanwhile;
        if (edit.state === 'awaiting_payment')
          await tx
            .update(addressEdits)
            .set({ state: refusal?.state ?? 'refused', settledAt: now })
            .where(eq(addressEdits.id, edit.id));
        await markPaymentRefundDue(tx, paymentRowId, 'address_change_lapsed');
        await recordStatus(tx, {
          orderId: row.id,
          status: row.status,
          note: lapsedEditNote(edit.address, edit.differencePaise, reason),
          at: now,
        });
        return false;
      }
      await writeChange(tx, row, {
        address: edit.address,
        chosen: recheck.chosen,
        check: recheck.check,
        slots: recheck.slots,
        slotFeePaise: edit.slotFeePaise,
        slotFeeLabel: edit.slotFeeLabel,
        rewriteFee: true,
        differencePaise: edit.differencePaise,
        note: changedNote(who, edit.address, row, recheck.chosen, paidDifferenceNote(edit.differencePaise)),
        actor: edit.requestedBy,
        now,
      });
      await tx
        .update(addressEdits)
        .set({ state: 'applied', settledAt: now })
        .where(eq(addressEdits.id, edit.id));
      return true;
    },

    /** Decision 0085: held changes past their time lapse, changing nothing; answers how many. */
    async expireAddressEdits(): Promise<number> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const lapsed = await tx
          .update(addressEdits)
          .set({ state: 'expired', settledAt: now })
          .where(and(eq(addressEdits.state, 'awaiting_payment'), lte(addressEdits.expiresAt, now)))
          .returning();
        for (const edit of lapsed) {
          const row = await orderOf(tx, edit.orderId);
          await recordStatus(tx, {
            orderId: edit.orderId,
            status: row?.status ?? 'paid',
            note: expiredEditNote(edit.address, edit.differencePaise),
            at: now,
          });
        }
        return lapsed.length;
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
        const row = isOrderId(orderId) ? await lockedOrderOf(tx, orderId) : null;
        if (!row) throw notFound(ORDER_EDIT_MESSAGES.notFound);
        if (!ADDRESS_EDITABLE_STATUSES.includes(row.status))
          throw conflict(LINE_REMOVAL_MESSAGES.notEditable);
        if (await hasOpenShipment(tx, orderId)) throw conflict(LINE_REMOVAL_MESSAGES.booked);
        const lines = await lockedLinesOf(tx, orderId);
        const line = lines.find((candidate) => candidate.id === lineId);
        if (!line) throw notFound(LINE_REMOVAL_MESSAGES.lineNotFound);
        if (lines.length === 1) throw conflict(LINE_REMOVAL_MESSAGES.lastLine);
        const itemsPaise = line.pricePaise * line.quantity;
        const linePaise = returnShare(itemsPaise - line.discountPaise, line.quantity, 0, line.quantity);
        const now = clock.now();
        if (line.reservedQuantity > 0)
          await restock(tx, [{ productId: line.productId, quantity: line.reservedQuantity }]);
        await removeOrderLine(tx, orderId, line.id, {
          subtotalPaise: row.subtotalPaise - itemsPaise,
          // The order's discount is the coupon's; the line's also holds its tier (decision 0080).
          discountPaise: row.discountPaise - (line.discountPaise - line.tierDiscountPaise),
          totalPaise: row.totalPaise - linePaise,
          at: now,
        });
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
