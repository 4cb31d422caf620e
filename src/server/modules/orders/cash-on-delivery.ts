import { and, asc, eq, isNull, notInArray } from 'drizzle-orm';
import { type CodFacts, type CodRules, codRefusal } from '../../../shared/cash-on-delivery';
import type { OrderStatus } from '../../../shared/order-status';
import type { Queryable, Tx } from '../../db/client';
import { users } from '../auth/tables';
import { recordMoney } from '../money-ledger';
import { recordStatus } from './order-events';
import type { OrderRow } from './order-rows';
import { releaseReservation } from './stock';
import { orders } from './tables';

/** The owner's cash on delivery rules in force, read for every order (as the delivery charges are). */
export type ReadCodRules = () => Promise<CodRules>;

export const COD_PLACED_NOTE = 'Order placed with cash on delivery. Confirmed.';
export const COD_RETURNED_NOTE = 'Returned to the store without payment (cash on delivery): cancelled.';

/** A cash on delivery order still open: not yet paid at the door, nor cancelled or come back. */
export const openCodOrder = () =>
  and(
    eq(orders.paymentMethod, 'cod'),
    isNull(orders.paidAt),
    notInArray(orders.status, ['cancelled', 'returned']),
  );

/** Decision 0054: a COD order the courier does not have yet; after the owner's hours it is cancelled. */
export const UNSHIPPED_COD_STATUSES = ['confirmed', 'processing', 'packed'] as const;
export const COD_NOT_SHIPPED_NOTE = 'Cancelled: not shipped in time (cash on delivery). Nothing was charged.';

/**
 * The account's side of the rule: whether its mobile was verified by a one-time code, and its COD
 * order still open (not yet delivered and paid, nor cancelled). Inside create-order's transaction
 * the account row is locked first, so two COD orders sent at once are judged one after the other.
 */
async function accountFacts(
  runner: Queryable,
  userId: number,
): Promise<Pick<CodFacts, 'phoneVerified' | 'openCodOrder'>> {
  const [account] = await runner
    .select({ phone: users.phone, verifiedAt: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  // A phone is unique to one account (users.phone), so one open order per account with its
  // verified phone is one open order per verified phone.
  const [open] = await runner
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.userId, userId), openCodOrder()))
    .orderBy(asc(orders.createdAt))
    .limit(1);
  return {
    phoneVerified: Boolean(account?.phone && account.verifiedAt),
    openCodOrder: open?.orderNumber ?? null,
  };
}

/** Why this account's order may not be paid on delivery (shared codRefusal), or null. */
export async function cashOnDeliveryRefusal(
  runner: Queryable,
  rules: CodRules,
  userId: number,
  order: Omit<CodFacts, 'phoneVerified' | 'openCodOrder'>,
): Promise<string | null> {
  // The account is read only when the order itself passes: its facts are the last the rule checks.
  const orderOnly = codRefusal(rules, { ...order, phoneVerified: true, openCodOrder: null });
  if (orderOnly) return orderOnly;
  return codRefusal(rules, { ...order, ...(await accountFacts(runner, userId)) });
}

export type CodSettlement = ReturnType<typeof createCodSettlement>;

/** Statuses of a parcel that has left the store: from the first, a COD order has its invoice. */
const DISPATCHED: readonly OrderStatus[] = [
  'shipped',
  'out_for_delivery',
  'failed_delivery',
  'rto_initiated',
  'rto_in_transit',
  'delivered',
];

/**
 * What a cash on delivery order's status change means for its money and its GST documents, in
 * the transaction (and under the row lock) that made the change: dispatch issues its invoice
 * (CGST s.31(1)(a): at or before the removal of the goods; decision 0050), delivered is cash
 * collected (paid, a `cod_collected` line); back at the store unpaid (RTO) cancels it, puts its
 * stock back and credits its invoice (CGST s.34). Every way an order moves (courier scans, the back
 * office) calls this one function after each step; the conditional updates, the ledger's and the
 * credit notes' unique indexes make each happen once.
 */
export function createCodSettlement({
  issueInvoice,
  creditUndeliveredInvoice,
  releaseCoupon,
}: {
  /** The invoices module's issue(): once per order, in the caller's transaction. */
  issueInvoice: (tx: Tx, orderId: string, at: Date) => Promise<void>;
  /** The invoices module's credit note of a whole invoice whose goods came back undelivered. */
  creditUndeliveredInvoice: (tx: Tx, orderId: string, at: Date) => Promise<void>;
  /** The coupons module's release(): gives the order's use back, once (its redemption row goes). */
  releaseCoupon: (tx: Tx, orderId: string) => Promise<void>;
}) {
  return async function settleCashOnDelivery(
    tx: Tx,
    order: Pick<OrderRow, 'id' | 'paymentMethod' | 'totalPaise'>,
    status: OrderStatus,
    at: Date,
  ): Promise<void> {
    if (order.paymentMethod !== 'cod') return;
    // Also on a later status, for an order that reached it without passing 'shipped' (one
    // issued before this rule, or marked by the back office): issue() is once per order.
    if (DISPATCHED.includes(status)) await issueInvoice(tx, order.id, at);
    if (status === 'delivered') {
      const [collected] = await tx
        .update(orders)
        .set({ paidAt: at, updatedAt: at })
        .where(and(eq(orders.id, order.id), isNull(orders.paidAt)))
        .returning({ id: orders.id });
      if (!collected) return;
      await recordMoney(tx, {
        orderId: order.id,
        kind: 'cod_collected',
        amountPaise: order.totalPaise,
        reason: 'cod',
        at,
      });
      return;
    }
    if (status === 'returned') {
      // Outside canTransition on purpose, as a system step: nothing was paid, so nothing is
      // refunded; the order simply did not happen. The reservation is zeroed as it is released,
      // so the stock comes back once whichever path got here first; the coupon use goes back as
      // the back office's cancel of an unpaid order gives it back.
      const [cancelled] = await tx
        .update(orders)
        .set({ status: 'cancelled', updatedAt: at })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'returned'), isNull(orders.paidAt)))
        .returning({ id: orders.id });
      if (!cancelled) return;
      await releaseReservation(tx, order.id);
      await releaseCoupon(tx, order.id);
      await creditUndeliveredInvoice(tx, order.id, at);
      await recordStatus(tx, {
        orderId: order.id,
        status: 'cancelled',
        note: COD_RETURNED_NOTE,
        actor: 'system',
        at,
      });
    }
  };
}
