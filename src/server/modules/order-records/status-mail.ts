import type { Tx } from '../../db/client';
import type { StoreIdentity } from '../../store-identity';
import { mailContactOf } from '../auth';
import { enqueueMail, giftOnItsWayMail, mailQueuedFor, orderStatusMail } from '../mail';
import { statusMailDue } from '../notifications';
import { addressOf, deliveryChoiceOf, feesOfOrder, type OrderRow } from '../orders';
import { mailOrderOf } from './mail-order';

// Decision 0014: "on its way" is true once the parcel has left, and not yet once it is delivered.
const ON_ITS_WAY = new Set(['shipped', 'out_for_delivery', 'failed_delivery']);

/**
 * "A gift is on its way" to a gift's recipient, when the order leaves, online or cash on delivery
 * alike. Every caller holds the order's row lock (a conditional UPDATE or FOR UPDATE), so looking
 * for an earlier one in the outbox makes it once, however many ways the order moves.
 */
async function mailGiftIfOnItsWay(tx: Tx, store: StoreIdentity, row: OrderRow, to: string, now: Date) {
  if (!row.giftRecipientEmail || !ON_ITS_WAY.has(to)) return;
  if (await mailQueuedFor(tx, row.id, 'gift-on-its-way')) return;
  const gift = {
    recipientEmail: row.giftRecipientEmail,
    message: row.giftMessage,
    hidePrices: row.hidePrices,
  };
  await enqueueMail(tx, giftOnItsWayMail(await mailOrderOf(tx, row), gift, store), now);
}

/**
 * The customer's e-mail of an order's new status, queued in the transaction that moved it (the
 * mail outbox sends it after the commit, so a rolled-back move mails nothing): only for the few
 * statuses that matter (notifications' statusMailDue), and never for a quote nobody has claimed
 * (no account to write to); and a gift's recipient's mail when it leaves. The one place a status is mailed, whoever moved the order: the back
 * office, one order or in bulk, and the courier's tracking.
 */
export async function mailStatusIfDue(
  tx: Tx,
  store: StoreIdentity,
  row: OrderRow,
  to: string,
  note: string,
  now: Date,
): Promise<void> {
  await mailGiftIfOnItsWay(tx, store, row, to, now);
  if (row.userId === null || !(await statusMailDue(tx, row.id, to))) return;
  const customer = await mailContactOf(tx, row.userId);
  if (!customer) return;
  const order = {
    id: row.id,
    orderNumber: row.orderNumber,
    customerName: addressOf(row).fullName || customer.fullName,
    customerEmail: customer.email,
    deliveryChoice: deliveryChoiceOf(row, await feesOfOrder(tx, row.id)),
  };
  await enqueueMail(tx, orderStatusMail(order, to, note, store), now);
}
