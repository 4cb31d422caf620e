import type { OrderStatus } from '../../../shared/order-status';
import type { Tx } from '../../db/client';
import { recordMoney } from '../money-ledger';
import {
  cancelReturnedUnpaid,
  markPaidAtDoor,
  type OrderRow,
  recordStatus,
  releaseReservation,
} from '../orders';

export const COD_RETURNED_NOTE = 'Returned to the store without payment (cash on delivery): cancelled.';

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
      if (!(await markPaidAtDoor(tx, order.id, at))) return;
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
      if (!(await cancelReturnedUnpaid(tx, order.id, at))) return;
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
