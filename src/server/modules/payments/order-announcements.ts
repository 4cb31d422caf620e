import { formatPaise } from '../../../shared/money';
import type { Tx } from '../../db/client';
import type { StoreIdentity } from '../../store-identity';
import { enqueueMail, giftBatchMail, orderConfirmationMail } from '../mail';
import { messageName, queueOrderNotice } from '../notifications';
import { mailOrderOf } from '../order-records';
import type { OrderRow } from '../orders';
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
  /**
   * Decision 0081: a paid gift link order's link goes to its recipient in the same transaction;
   * false when it reached nobody (the number asked for no messages, and no e-mail was given).
   */
  onPaid?: (tx: Tx, order: OrderRow, now: Date) => Promise<boolean>;
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
     * announced once (batchPaid), not 500 confirmations and notices for one payment. False when
     * its link reached nobody.
     */
    async paidInBatch(tx: Tx, order: OrderRow, now: Date): Promise<boolean> {
      return onPaid ? onPaid(tx, order, now) : true;
    },

    /**
     * Decision 0090: a gift batch's payment settled, heard of once. Its buyer gets one mail: the
     * links sent, those that could not be (a recipient's order sold out meanwhile, its share
     * refunded; or a link that reached nobody) and their orders; the owner hears of the paid ones.
     */
    async batchPaid(
      tx: Tx,
      batch: {
        id: string;
        /** Its orders paid now, whose links went out unless `unreached`. */
        orders: number;
        unreached: number;
        /** Its orders sold out meanwhile, their shares refunded. */
        refunded: number;
        totalPaise: number;
        first: OrderRow;
      },
      now: Date,
    ): Promise<void> {
      const mailOrder = await mailOrderOf(tx, batch.first);
      if (mailOrder.customerEmail) {
        await enqueueMail(
          tx,
          giftBatchMail(
            {
              recipient: mailOrder.customerEmail,
              buyerName: mailOrder.customerName,
              sent: batch.orders - batch.unreached,
              notSent: batch.unreached + batch.refunded,
            },
            store,
          ),
          now,
        );
      }
      if (batch.orders === 0) return;
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
