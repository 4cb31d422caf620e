import { formatPaise } from '../../../shared/money';
import type { Tx } from '../../db/client';
import type { StoreIdentity } from '../../store-identity';
import { enqueueMail, orderConfirmationMail } from '../mail';
import { messageName, queueOrderNotice } from '../notifications';
import { mailOrderOf, type OrderRow } from '../orders';
import type { OwnerNotices } from '../owner-notices';

export type OrderAnnouncements = ReturnType<typeof createOrderAnnouncements>;

/**
 * Who hears that an order is confirmed, in the transaction that confirms it: the customer's
 * confirmation and the owner (a gift's recipient hears when it ships: mailStatusIfDue). A paid order is confirmed by its payment;
 * a cash on delivery order (decision 0042) when it is placed, before anything is paid.
 */
export function createOrderAnnouncements({
  store,
  ownerNotices,
  onPaid,
}: {
  store: StoreIdentity;
  ownerNotices: OwnerNotices;
  /** Decision 0081: a paid gift link order's link goes to its recipient in the same transaction. */
  onPaid?: (tx: Tx, order: OrderRow, now: Date) => Promise<void>;
}) {
  return {
    async paid(tx: Tx, order: OrderRow, now: Date): Promise<void> {
      const mailOrder = await mailOrderOf(tx, order);
      await enqueueMail(tx, orderConfirmationMail(mailOrder, store), now);
      if (onPaid) await onPaid(tx, order, now);
      await ownerNotices.tell(tx, {
        key: `paid-${order.id}`,
        kind: 'paid-order',
        summary: `New paid order ${order.orderNumber}: ${formatPaise(order.totalPaise)} from ${messageName(mailOrder.customerName, 'a customer')}`,
        link: ownerNotices.adminLink(`/orders/${order.id}`),
      });
    },

    /**
     * Decision 0090: a recipient's order paid with its gift batch: its link goes out; the batch is
     * announced once (batchPaid), not 500 confirmations and notices for one payment.
     */
    async paidInBatch(tx: Tx, order: OrderRow, now: Date): Promise<void> {
      if (onPaid) await onPaid(tx, order, now);
    },

    /** Decision 0090: the owner hears once of a gift batch paid, with its first order to open. */
    async batchPaid(
      tx: Tx,
      batch: { id: string; orders: number; totalPaise: number; first: OrderRow },
    ): Promise<void> {
      const mailOrder = await mailOrderOf(tx, batch.first);
      await ownerNotices.tell(tx, {
        key: `paid-batch-${batch.id}`,
        kind: 'paid-order',
        summary: `New paid gift links to ${batch.orders} recipients, from ${batch.first.orderNumber}: ${formatPaise(batch.totalPaise)} from ${messageName(mailOrder.customerName, 'a customer')}`,
        link: ownerNotices.adminLink(`/orders/${batch.first.id}`),
      });
    },

    /**
     * A cash on delivery order just placed: the customer's confirmation says what to keep ready.
     * Its WhatsApp and SMS news is a template of its own: `order_placed` says placed and paid.
     */
    async cashOrderPlaced(
      tx: Tx,
      order: OrderRow,
      now: Date,
      { awaitingYes }: { awaitingYes: boolean },
    ): Promise<void> {
      const mailOrder = await mailOrderOf(tx, order);
      // Decision 0064: an order waiting for its YES hears "confirmed" only once it is.
      await enqueueMail(tx, orderConfirmationMail(mailOrder, store, { awaitingYes }), now);
      if (!awaitingYes) {
        await queueOrderNotice(tx, {
          orderId: order.id,
          notice: 'order_placed_cod',
          key: `cod-placed-${order.id}`,
          at: now,
        });
      }
      await ownerNotices.tell(tx, {
        key: `cod-${order.id}`,
        kind: 'cod-order',
        summary: `New cash on delivery order ${order.orderNumber}: ${formatPaise(order.totalPaise)} to collect from ${messageName(mailOrder.customerName, 'a customer')}`,
        link: ownerNotices.adminLink(`/orders/${order.id}`),
      });
    },
  };
}
