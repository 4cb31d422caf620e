import type { Tx } from '../../db/client';
import type { StoreIdentity } from '../../store-identity';
import { contactOf } from '../auth';
import { enqueueMail, giftThanksMail } from '../mail';
import { messageName, orderNewsMailDue, queueOrderNotice } from '../notifications';
import { orderOf } from '../orders';

/**
 * Decision 0081: a gift's recipient thanked its sender. In the caller's transaction, the sender
 * hears on their own channels: a message on WhatsApp or SMS as their order's news goes (by SMS to
 * their verified mobile when they chose none) pointing to the order page, and the note by e-mail
 * unless they turned order e-mails off. Nothing goes to the recipient: no marketing, ever. Once
 * per order (the message's key and the caller's one thank-you a gift). Group gifts forward each
 * recipient's thanks through this too.
 */
export async function queueGiftThanks(
  tx: Tx,
  thanks: { orderId: string; fromName: string; note: string; at: Date },
  store: StoreIdentity,
): Promise<void> {
  const fromName = messageName(thanks.fromName, 'Your recipient');
  await queueOrderNotice(tx, {
    orderId: thanks.orderId,
    notice: 'gift_thanks',
    key: `gift-thanks-${thanks.orderId}`,
    details: { fromName },
    at: thanks.at,
  });
  const order = await orderOf(tx, thanks.orderId);
  const sender = order && order.userId !== null ? await contactOf(tx, order.userId) : null;
  if (!order || !sender?.email || !(await orderNewsMailDue(tx, thanks.orderId))) return;
  await enqueueMail(
    tx,
    giftThanksMail(
      {
        recipient: sender.email,
        senderName: messageName(sender.fullName, 'there'),
        fromName,
        note: thanks.note,
        orderId: thanks.orderId,
        orderNumber: order.orderNumber,
      },
      store,
    ),
    thanks.at,
  );
}
