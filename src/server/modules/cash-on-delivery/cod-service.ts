import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CodEligibility, CodEligibilityRequest } from '../../../shared/api/payments';
import { PAYMENT_MESSAGES } from '../../../shared/api/payments';
import {
  COD_CANCEL_MESSAGES,
  COD_CONFIRM_MESSAGES,
  COD_MESSAGES,
  type CodRules,
  shopperMayCancelCod,
} from '../../../shared/cash-on-delivery';
import { toRupees } from '../../../shared/money';
import { chargesTotalPaise } from '../../../shared/order-charges';
import type { Clock } from '../../clock';
import type { Db, Queryable, Tx } from '../../db/client';
import { conflict, notFound } from '../../errors';
import {
  isUnshippedCodOrder,
  lockedOrderOf,
  type OrderRow,
  type OrderService,
  type ReadCodRules,
  recordStatus,
  releaseReservation,
  setOrderStatus,
  unbookedCodOrdersPlacedBefore,
} from '../orders';
import {
  askCodConfirmation,
  awaitsCodConfirmation,
  confirmCodByReply,
  unconfirmedCodOrdersAskedBefore,
} from './cod-confirmation';
import { type CodOrderFacts, cashOnDeliveryRefusal } from './cod-refusal';

export const COD_NOT_SHIPPED_NOTE = 'Cancelled: not shipped in time (cash on delivery). Nothing was charged.';
export const COD_CANCELLED_BY_CUSTOMER_NOTE = 'Cancelled by the customer before it was handed to the courier';

const HOUR_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 200;

export type CashOnDeliveryService = ReturnType<typeof createCashOnDeliveryService>;

/** Why the shopper may not cancel this cash on delivery order (now), or null. */
const codCancelRefusal = (row: OrderRow): string | null => {
  if (row.status === 'cancelled') return COD_CANCEL_MESSAGES.alreadyCancelled;
  return shopperMayCancelCod({ status: row.status, collected: row.paidAt !== null })
    ? null
    : COD_CANCEL_MESSAGES.tooLate;
};

/**
 * Cash on delivery (decision 0042): whether an order may be paid at the door, what placing one
 * adds (the announcements, a large order's wait for YES: decision 0064), the shopper's cancel
 * before the courier has it, and the sweeps that cancel orders left unshipped or unconfirmed
 * (decision 0054). The order's row is the orders module's; this module decides what happens to it.
 */
export function createCashOnDeliveryService({
  db,
  clock,
  codRules,
  priceCheckout,
  announce,
  cancelCourierBooking,
  hasOpenShipment,
  isBookedWithCourier,
  releaseCoupon,
  mailStatus,
  holdHours,
  confirmHours,
  onStockChanged,
}: {
  db: Db;
  clock: Clock;
  codRules: ReadCodRules;
  /** The orders service's price of a cart, as create-order prices it. */
  priceCheckout: OrderService['priceCheckout'];
  /** Tells the customer and the owner of a COD order, in the transaction that places it. */
  announce: (tx: Tx, order: OrderRow, now: Date, options: { awaitingYes: boolean }) => Promise<void>;
  /**
   * The shipping module's cancel of a booking not yet picked up (a call to the courier, so outside
   * any transaction): true when no booking stands in the way, false once the courier has the parcel.
   */
  cancelCourierBooking: (orderId: string) => Promise<boolean>;
  /**
   * The shipping module's answer whether the courier has the order (a booking not cancelled), in
   * the caller's transaction, and the same as a condition on an orders query: handed in, as the
   * shipping module imports this one (decision 0094).
   */
  hasOpenShipment: (runner: Queryable, orderId: string) => Promise<boolean>;
  isBookedWithCourier: (orderId: AnyPgColumn) => SQL;
  /** The coupons module's release(): gives the order's use back, once. */
  releaseCoupon: (tx: Tx, orderId: string) => Promise<void>;
  /** The status e-mail, queued in the transaction that cancels an order. */
  mailStatus: (tx: Tx, row: OrderRow, to: string, note: string, now: Date) => Promise<void>;
  /** Decision 0054: the owner's hours an open COD order holds its stock unshipped. */
  holdHours: () => Promise<number>;
  /** Decision 0064: the owner's hours a COD order waits for its YES before it is cancelled. */
  confirmHours: () => Promise<number>;
  /** Told after stock changes commit, so cached catalogue answers show the new stock. */
  onStockChanged: () => void;
}) {
  /** Cancels the locked order and gives back what it held: its stock and its coupon use. */
  async function cancelHeld(tx: Tx, orderId: string, note: string, actor: 'system' | 'customer', now: Date) {
    await setOrderStatus(tx, { orderId, to: 'cancelled', at: now });
    await releaseReservation(tx, orderId);
    await releaseCoupon(tx, orderId);
    await recordStatus(tx, { orderId, status: 'cancelled', note, actor, at: now });
  }

  /**
   * Cancels the cash on delivery orders of `due` that `stillDue` keeps, each judged again under its
   * row lock (a booking or a YES that came meanwhile keeps it): stock and coupon back, the customer
   * told with `note` (decisions 0054, 0064). Each is cancelled once, however many sweeps run.
   */
  async function cancelUnshipped(
    due: readonly string[],
    stillDue: (tx: Tx, row: OrderRow) => Promise<boolean>,
    note: string,
    now: Date,
  ): Promise<number> {
    let expired = 0;
    for (const id of due) {
      const cancelled = await db.transaction(async (tx) => {
        const row = await lockedOrderOf(tx, id);
        if (!row || !isUnshippedCodOrder(row) || !(await stillDue(tx, row))) return false;
        await cancelHeld(tx, row.id, note, 'system', now);
        await mailStatus(tx, row, 'cancelled', note, now);
        return true;
      });
      if (cancelled) expired++;
    }
    if (expired > 0) onStockChanged();
    return expired;
  }

  return {
    /**
     * Whether this cart may be paid on delivery, by the rule create-order applies (its account
     * facts read without a lock: create-order judges again under one).
     */
    async eligibility(userId: number, request: CodEligibilityRequest): Promise<CodEligibility> {
      const rules = await codRules();
      const priced = await priceCheckout(userId, request);
      const fee = toRupees(rules.feePaise);
      const totalWithFee = toRupees(chargesTotalPaise(priced.chargesWith(rules.feePaise)));
      if (!rules.enabled) {
        return { offered: false, available: false, reason: null, needsPhone: false, fee, totalWithFee };
      }
      const reason = await cashOnDeliveryRefusal(db, rules, userId, {
        ...priced.codFacts,
        orderValuePaise: priced.valuePaise,
        pincode: request.pincode,
      });
      return {
        offered: true,
        available: reason === null,
        reason,
        needsPhone: reason === COD_MESSAGES.phone,
        fee,
        totalWithFee,
      };
    },

    /** Create-order's check: a conflict saying why these rules refuse this account's order. */
    async refuse(runner: Queryable, rules: CodRules, userId: number, order: CodOrderFacts): Promise<void> {
      const refusal = await cashOnDeliveryRefusal(runner, rules, userId, order);
      if (refusal) throw conflict(refusal);
    },

    /** In the transaction that places a COD order: its announcements, and a large one's YES asked for. */
    async placed(
      tx: Tx,
      order: OrderRow,
      now: Date,
      { awaitingYes }: { awaitingYes: boolean },
    ): Promise<void> {
      await announce(tx, order, now, { awaitingYes });
      if (awaitingYes) await askCodConfirmation(tx, order, await confirmHours(), now);
    },

    /**
     * The shopper cancels a cash on delivery order the courier does not have yet. The booking is
     * cancelled with the courier first (no network call holds a transaction); then the order's row
     * is locked and judged again, so of two cancels (or a cancel and the courier's scans) one goes
     * after the other: the stock and the coupon use come back once, never after a pickup.
     */
    async cancel(order: OrderRow): Promise<void> {
      const early = codCancelRefusal(order);
      if (early) throw conflict(early);
      if (!(await cancelCourierBooking(order.id))) throw conflict(COD_CANCEL_MESSAGES.tooLate);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const row = await lockedOrderOf(tx, order.id);
        if (!row) throw notFound(PAYMENT_MESSAGES.orderNotFound);
        const refusal = codCancelRefusal(row);
        if (refusal) throw conflict(refusal);
        // The owner booked it again meanwhile: that booking is theirs to cancel or ship.
        if (await hasOpenShipment(tx, row.id)) throw conflict(COD_CANCEL_MESSAGES.tooLate);
        await cancelHeld(tx, row.id, COD_CANCELLED_BY_CUSTOMER_NOTE, 'customer', now);
      });
    },

    /**
     * Decision 0054: cancels cash on delivery orders not booked with the courier within the owner's
     * hours, gives back their stock and coupon, and tells the customer with the cancellation mail.
     * Each order is judged again under its row lock, so a booking made meanwhile keeps it.
     */
    async expireUnshippedCodOrders(): Promise<number> {
      const now = clock.now();
      const placedBefore = new Date(now.getTime() - (await holdHours()) * HOUR_MS);
      const due = await unbookedCodOrdersPlacedBefore(db, placedBefore, SWEEP_BATCH, isBookedWithCourier);
      const stillDue = async (tx: Tx, row: OrderRow) =>
        row.createdAt.getTime() <= placedBefore.getTime() && !(await hasOpenShipment(tx, row.id));
      return cancelUnshipped(due, stillDue, COD_NOT_SHIPPED_NOTE, now);
    },

    /** Decision 0064: a reply of YES from a number confirms its cash on delivery order waiting for it. */
    confirmByReply: (from: string) => confirmCodByReply(db, from, clock.now()),

    /**
     * Decision 0064: cancels cash on delivery orders whose YES did not come within the owner's
     * hours, gives back their stock and coupon, and tells the customer. Each is judged again under
     * its row lock, so a YES that arrived meanwhile keeps it.
     */
    async expireUnconfirmedCodOrders(): Promise<number> {
      const now = clock.now();
      const askedBefore = new Date(now.getTime() - (await confirmHours()) * HOUR_MS);
      const due = await unconfirmedCodOrdersAskedBefore(db, askedBefore, SWEEP_BATCH);
      const stillDue = (tx: Tx, row: OrderRow) => awaitsCodConfirmation(tx, row.id);
      return cancelUnshipped(due, stillDue, COD_CONFIRM_MESSAGES.notConfirmed, now);
    },
  };
}
