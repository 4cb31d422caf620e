import { and, asc, eq, gt } from 'drizzle-orm';
import { GiftLinkSlot, type GiftLinkView } from '../../../shared/api/gift-links';
import { DeliverySlot } from '../../../shared/delivery-dates';
import { formatDeliveryDate } from '../../../shared/delivery-slot-rules';
import { GIFT_LINK_MESSAGES, giftLinkPathOf } from '../../../shared/gift-links';
import { indiaDateOf } from '../../../shared/india-time';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { giftLinks, orderItems, orders, users } from '../../db/schema';
import { notFound } from '../../errors';
import type { StoreIdentity } from '../../store-identity';
import { enqueueMail, giftLinkMail } from '../mail';
import { messageName, queueGiftLinkMessage } from '../notifications';
import { giftLinkTokenHashOf, newGiftLinkToken, type OrderRow } from '../orders';

export type GiftLinkService = ReturnType<typeof createGiftLinkService>;

type LinkRow = typeof giftLinks.$inferSelect;

const slotsOf = (row: LinkRow): GiftLinkSlot[] =>
  row.allowedSlots.flatMap((slot) => {
    const parsed = GiftLinkSlot.safeParse(slot);
    return parsed.success ? [parsed.data] : [];
  });

/**
 * Decision 0081: a gift sent by link, from the moment its order is paid: the link is sent to the
 * recipient (only its token's hash kept), and the token alone opens the recipient's page, with no
 * account. A wrong, replaced or expired token is 'not found', whoever asks.
 */
export function createGiftLinkService({ db, clock, store }: { db: Db; clock: Clock; store: StoreIdentity }) {
  const senderNameOf = async (runner: Db | Tx, order: Pick<OrderRow, 'userId'>) => {
    if (order.userId === null) return 'A friend';
    const [sender] = await runner
      .select({ name: users.fullName })
      .from(users)
      .where(eq(users.id, order.userId));
    return messageName(sender?.name, 'A friend');
  };

  /** The link of a live token: sent or opened (not answered), not expired. */
  async function liveLink(token: string) {
    const [found] = await db
      .select({ link: giftLinks, order: orders })
      .from(giftLinks)
      .innerJoin(orders, eq(orders.id, giftLinks.orderId))
      .where(and(eq(giftLinks.tokenHash, giftLinkTokenHashOf(token)), gt(giftLinks.expiresAt, clock.now())))
      .limit(1);
    if (!found || found.link.state === 'awaiting_payment' || found.link.state === 'expired') {
      throw notFound(GIFT_LINK_MESSAGES.notFound);
    }
    return found;
  }

  return {
    /**
     * Sends the link of a gift link order that has just been paid, in the payment's transaction: a
     * new token (its hash replaces any before, so an older link stops working), by SMS to the
     * recipient's mobile and by e-mail to their address, whichever the sender gave.
     */
    async sendOnPayment(tx: Tx, order: OrderRow, now: Date): Promise<void> {
      const [link] = await tx
        .select()
        .from(giftLinks)
        .where(and(eq(giftLinks.orderId, order.id), eq(giftLinks.state, 'awaiting_payment')))
        .for('update');
      if (!link) return;
      const token = newGiftLinkToken();
      await tx
        .update(giftLinks)
        .set({ tokenHash: giftLinkTokenHashOf(token), state: 'sent' })
        .where(eq(giftLinks.orderId, order.id));
      const key = `gift-link-${order.id}-${now.getTime()}`;
      if (link.recipientPhone) {
        await queueGiftLinkMessage(tx, {
          orderId: order.id,
          to: link.recipientPhone,
          key,
          token,
          recipientName: link.recipientName,
          at: now,
        });
      }
      if (link.recipientEmail) {
        const identity = store;
        await enqueueMail(
          tx,
          giftLinkMail(
            {
              recipient: link.recipientEmail,
              recipientName: link.recipientName,
              senderName: await senderNameOf(tx, order),
              link: `${identity.publicUrl ?? ''}${giftLinkPathOf(token)}`,
              until: formatDeliveryDate(indiaDateOf(link.expiresAt)),
            },
            identity,
          ),
          now,
        );
      }
    },

    /** The recipient's page: who sent it, the product or 'a surprise', the message. Marks it opened. */
    async view(token: string): Promise<GiftLinkView> {
      const { link, order } = await liveLink(token);
      if (link.state === 'sent') {
        await db
          .update(giftLinks)
          .set({ state: 'opened', openedAt: clock.now() })
          .where(and(eq(giftLinks.orderId, link.orderId), eq(giftLinks.state, 'sent')));
      }
      const items = link.revealGift
        ? await db
            .select({ name: orderItems.name, image: orderItems.image, quantity: orderItems.quantity })
            .from(orderItems)
            .where(eq(orderItems.orderId, order.id))
            .orderBy(asc(orderItems.id))
        : null;
      const slot = DeliverySlot.safeParse(order.deliverySlot);
      return {
        senderName: await senderNameOf(db, order),
        recipientName: link.recipientName,
        items,
        message: link.message,
        allowedSlots: slotsOf(link),
        state: link.state === 'sent' ? 'opened' : link.state,
        expiresAt: link.expiresAt.toISOString(),
        delivery: order.deliveryDate && slot.success ? { date: order.deliveryDate, slot: slot.data } : null,
      };
    },
  };
}
