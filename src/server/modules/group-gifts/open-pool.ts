import { and, count, eq, gte } from 'drizzle-orm';
import type {
  EditGroupGiftPayload,
  GroupGiftView,
  OpenGroupGiftPayload,
  OpenGroupGiftResponse,
} from '../../../shared/api/group-gifts';
import { PAYMENT_MESSAGES } from '../../../shared/api/payments';
import {
  GROUP_GIFT_MAX_DAYS,
  GROUP_GIFT_MESSAGES,
  groupGiftPathOf,
  suggestedShareMessage,
  tooManyGroupGiftsMessage,
} from '../../../shared/group-gifts';
import { DAY_MS, indiaDateOf, indiaDayEnd } from '../../../shared/india-time';
import { toPaise } from '../../../shared/money';
import { chargeSummary, feesOf } from '../../../shared/order-charges';
import type { Tx } from '../../db/client';
import { conflict, forbidden, invalid, tooMany } from '../../errors';
import { lockAccount } from '../auth';
import { windowColumnsOf, withdrawnSlotMessage } from '../delivery-slots';
import { giftLinkTokenHashOf, insertGiftLink, newGiftLinkToken, refuseGiftLinkSender } from '../gift-links';
import { checkoutDefaults, consentFor } from '../notifications';
import { estimateOf, insertPendingOrder, type OrderRow, orderOf } from '../orders';
import type { GroupGiftDeps, PoolRecords } from './pool-records';
import { groupGifts } from './tables';

const GROUP_GIFT_OPENED_NOTE = 'Group gift opened: waiting for its contributions';

/**
 * Decision 0084: the organiser opens a pool (its order priced and checked now, holding no stock)
 * within their pools a day, and may change its message or deadline while it collects.
 */
export function createPoolOpening(
  {
    db,
    clock,
    provider,
    orders: orderService,
    rules,
    notifyDefaults,
    giftLinkRules,
  }: Pick<
    GroupGiftDeps,
    'db' | 'clock' | 'provider' | 'orders' | 'rules' | 'notifyDefaults' | 'giftLinkRules'
  >,
  { poolByToken, organisersPool, verifiedPhoneOf, view }: PoolRecords,
) {
  /** The deadline of a pool closing on `closesOn` (India), checked against today and the delivery. */
  function deadlineOf(closesOn: string, deliveryDate: string | null, now: Date): Date {
    if (closesOn < indiaDateOf(now)) {
      throw invalid(GROUP_GIFT_MESSAGES.deadlinePast, [
        { path: 'closesOn', message: GROUP_GIFT_MESSAGES.deadlinePast },
      ]);
    }
    if (closesOn > indiaDateOf(now, GROUP_GIFT_MAX_DAYS)) {
      throw invalid(GROUP_GIFT_MESSAGES.deadlineTooLate, [
        { path: 'closesOn', message: GROUP_GIFT_MESSAGES.deadlineTooLate },
      ]);
    }
    if (deliveryDate !== null && closesOn >= deliveryDate) {
      throw invalid(GROUP_GIFT_MESSAGES.deadlineAfterDelivery, [
        { path: 'closesOn', message: GROUP_GIFT_MESSAGES.deadlineAfterDelivery },
      ]);
    }
    return indiaDayEnd(closesOn);
  }

  /**
   * The pool's order: priced as checkout prices its lines, shipping and slot (no coupon), to the
   * organiser's address, checked for delivery now. It waits unpaid with no expiry and holds no
   * stock: the pool's contributions pay it, and its stock is taken when they meet its total.
   * `insertPool` writes the pool in the same transaction, under the organiser's row lock.
   */
  async function placePoolOrder(
    userId: number,
    payload: OpenGroupGiftPayload,
    deadline: Date,
    insertPool: (tx: Tx, order: OrderRow, now: Date) => Promise<void>,
  ): Promise<OrderRow> {
    const link = payload.giftLink;
    // Decision 0081: a pool sent by link pays the largest slot fee its allowed slots can cost.
    const priced = await orderService.priceCheckout(userId, payload, link?.allowedSlots);
    const charges = priced.chargesWith();
    const { subtotalPaise, discountPaise, totalPaise } = chargeSummary(charges);
    const withdrawn = withdrawnSlotMessage(payload.delivery, priced.timedSlots);
    if (withdrawn) throw invalid(withdrawn, [{ path: 'delivery', message: withdrawn }]);
    if (toPaise(payload.totalAmount) !== totalPaise) throw conflict(PAYMENT_MESSAGES.pricesChanged);
    const address = payload.shippingAddress ?? null;
    const now = clock.now();
    const delivery = address
      ? await orderService.checkDelivery(address.postalCode, payload.delivery, priced, now)
      : null;
    const defaults = checkoutDefaults(await notifyDefaults());
    const linkRules = link ? await giftLinkRules() : null;
    return db.transaction(async (tx) => {
      await lockAccount(tx, userId);
      if (link && linkRules) await refuseGiftLinkSender(tx, userId, [link.recipient.phone], linkRules, now);
      const created = await insertPendingOrder(tx, {
        order: {
          userId,
          subtotalPaise,
          discountPaise,
          couponCode: null,
          ...(address
            ? { notify: consentFor(payload.notify, defaults, { phone: address.phone, isGift: false }) }
            : // As a gift link's order: the message on the card, no price in the box (decision 0081).
              { giftMessage: payload.message ? payload.message : null, hidePrices: true }),
          deliveryDate: payload.delivery?.date ?? null,
          deliverySlot: payload.delivery?.slot ?? null,
          ...windowColumnsOf(payload.delivery, priced.timedSlots),
          totalPaise,
          shippingAddress: address,
          deliveryEstimate: delivery ? estimateOf(delivery) : null,
          idempotencyKey: null,
          provider: provider.name,
          paymentMethod: 'online',
          expiresAt: null,
        },
        lines: priced.orderLines,
        fees: feesOf(charges),
        note: GROUP_GIFT_OPENED_NOTE,
        now,
        holdStock: false,
      });
      if (link && linkRules) {
        // The link is sent when the pool is met, at the latest at its deadline: its life runs from there.
        await insertGiftLink(tx, created.id, { ...link, message: payload.message }, linkRules, now, deadline);
      }
      await insertPool(tx, created, now);
      return created;
    });
  }

  return {
    /**
     * Opens a pool: its order priced and checked now (the organiser's buyer of record), its link's
     * token made (only its hash kept) and answered this once, within the organiser's pools a day.
     */
    async open(userId: number, payload: OpenGroupGiftPayload): Promise<OpenGroupGiftResponse> {
      if (!(await verifiedPhoneOf(db, userId))) throw forbidden(GROUP_GIFT_MESSAGES.phoneNeeded);
      const now = clock.now();
      const deadline = deadlineOf(payload.closesOn, payload.delivery?.date ?? null, now);
      const owners = await rules();
      if (payload.suggestedShare !== undefined) {
        const suggested = toPaise(payload.suggestedShare);
        if (suggested < owners.minPaise || suggested > Math.max(owners.minPaise, owners.maxPaise)) {
          const message = suggestedShareMessage(owners);
          throw invalid(message, [{ path: 'suggestedShare', message }]);
        }
      }
      const token = newGiftLinkToken();
      await placePoolOrder(userId, payload, deadline, async (tx, order, at) => {
        // Counted under the organiser's row lock (placePoolOrder takes it).
        const [opened] = await tx
          .select({ value: count() })
          .from(groupGifts)
          .where(
            and(
              eq(groupGifts.organiserId, userId),
              gte(groupGifts.createdAt, new Date(at.getTime() - DAY_MS)),
            ),
          );
        if ((opened?.value ?? 0) >= owners.perDay) {
          throw tooMany(tooManyGroupGiftsMessage(owners.perDay), 60 * 60);
        }
        await tx.insert(groupGifts).values({
          orderId: order.id,
          organiserId: userId,
          tokenHash: giftLinkTokenHashOf(token),
          recipientName: payload.recipientName,
          message: payload.message ? payload.message : null,
          surprise: payload.surprise,
          suggestedSharePaise: payload.suggestedShare === undefined ? null : toPaise(payload.suggestedShare),
          deadline,
          createdAt: at,
        });
      });
      const pool = await poolByToken(token);
      return { token, path: groupGiftPathOf(token), pool: await view(pool, userId) };
    },

    async view(token: string, viewerId: number | null): Promise<GroupGiftView> {
      return view(await poolByToken(token), viewerId);
    },

    /** The organiser changes the message or the deadline while the pool collects. */
    async edit(userId: number, token: string, changes: EditGroupGiftPayload): Promise<GroupGiftView> {
      const pool = await organisersPool(userId, token);
      if (pool.state !== 'open') throw conflict(GROUP_GIFT_MESSAGES.closed);
      const order = await orderOf(db, pool.orderId);
      const deadline = changes.closesOn
        ? deadlineOf(changes.closesOn, order?.deliveryDate ?? null, clock.now())
        : pool.deadline;
      await db
        .update(groupGifts)
        .set({
          deadline,
          ...(changes.message === undefined ? {} : { message: changes.message ? changes.message : null }),
        })
        .where(and(eq(groupGifts.id, pool.id), eq(groupGifts.state, 'open')));
      return view(await poolByToken(token), userId);
    },
  };
}
