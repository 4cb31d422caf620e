import { and, asc, eq } from 'drizzle-orm';
import type {
  ChooseReplacementPayload,
  GroupGiftView,
  ReplacementGift,
} from '../../../shared/api/group-gifts';
import { PAYMENT_MESSAGES } from '../../../shared/api/payments';
import { chosenDeliveryOf } from '../../../shared/delivery-dates';
import {
  GROUP_GIFT_MESSAGES,
  GROUP_GIFT_SOLD_OUT_NOTE,
  groupGiftReplacedNote,
  replacementTooDearMessage,
  surplusPartsOf,
} from '../../../shared/group-gifts';
import { toPaise, toRupees } from '../../../shared/money';
import { chargeSummary, feesOf } from '../../../shared/order-charges';
import type { Tx } from '../../db/client';
import { AppError, conflict } from '../../errors';
import { giftsInStockUpTo } from '../catalog';
import { giftLinkOf } from '../gift-links';
import { lockedPaymentOf } from '../money-ledger';
import {
  lockedOrderOf,
  type OrderRow,
  orderLinesOf,
  orderOf,
  type RepricedLines,
  recordStatus,
  replacePendingLines,
} from '../orders';
import type { GroupGiftDeps, PoolRecords, PoolRow } from './pool-records';
import type { ShareRefunds } from './share-refunds';
import { groupGiftContributions, groupGifts } from './tables';

// The organiser is offered this many gifts at most, the dearest that fit first; a few more are
// priced, as one may not reach the pool's address or cost more once its delivery is added.
const REPLACEMENTS_SHOWN = 12;
const REPLACEMENTS_PRICED = 24;

export type PoolMeeting = ReturnType<typeof createPoolMeeting>;

/**
 * Decision 0084: a pool's total met. Its order is placed as every order is paid; or, its gift sold
 * out meanwhile, the pool waits for its organiser, who may choose another gift that costs at most
 * what was collected (the difference back to the friends in proportion to their shares), or
 * refund everyone; unchosen after SOLD_OUT_CHOICE_DAYS, everyone is refunded (settle-pool.ts).
 */
export function createPoolMeeting(
  {
    db,
    clock,
    orders: orderService,
    placePooledOrder,
    onStockChanged = () => {},
  }: Pick<GroupGiftDeps, 'db' | 'clock' | 'orders' | 'placePooledOrder' | 'onStockChanged'>,
  { poolByToken, organisersPool, collectedPaiseOf, view, tell }: PoolRecords,
  { giveBack }: ShareRefunds,
) {
  const friendsOf = async (tx: Tx, pool: PoolRow) =>
    tx
      .select()
      .from(groupGiftContributions)
      .where(and(eq(groupGiftContributions.groupGiftId, pool.id), eq(groupGiftContributions.state, 'taken')))
      .orderBy(asc(groupGiftContributions.id));

  /**
   * One of another gift for a met pool's order whose gift sold out, priced now by the one model of
   * an order's money (decision 0072) with the order's own delivery: its day and slot kept, or a
   * gift link's dearest allowed slot, and an address checked again as checkout checks it.
   */
  async function priceReplacement(
    organiserId: number,
    order: OrderRow,
    productId: number,
  ): Promise<RepricedLines & { name: string; image: string }> {
    const link = order.deliveryPincode ? null : await giftLinkOf(db, order.id);
    const chosen = chosenDeliveryOf(order);
    const delivery = chosen
      ? {
          date: chosen.date,
          slot: chosen.slot,
          ...(chosen.window?.slotId
            ? { slotId: chosen.window.slotId, windowStart: chosen.window.start }
            : {}),
        }
      : undefined;
    const items = [{ productId, quantity: 1 }];
    const priced = await orderService.priceCheckout(organiserId, { items, delivery }, link?.allowedSlots);
    if (order.deliveryPincode) {
      await orderService.checkDelivery(order.deliveryPincode, delivery, priced, clock.now());
    }
    const charges = priced.chargesWith();
    const [line] = priced.lines;
    return {
      ...chargeSummary(charges),
      lines: priced.orderLines,
      fees: feesOf(charges),
      name: line?.name ?? '',
      image: line?.image ?? '',
    };
  }

  /** The met pool's order becomes paid (invoice and confirmation to the organiser); everyone hears. */
  async function placeMet(tx: Tx, pool: PoolRow, order: OrderRow, note: string, now: Date) {
    await placePooledOrder(tx, order, note);
    await tx.update(groupGifts).set({ state: 'met', closedAt: now }).where(eq(groupGifts.id, pool.id));
    const everyone = await friendsOf(tx, pool);
    for (const userId of new Set(everyone.map((row) => row.userId))) {
      await tell(tx, pool, userId, 'met', `met-${userId}`, { paise: 0 }, now);
    }
  }

  /** The gift sold out as the total was met: the pool waits for its organiser's choice. */
  async function awaitChoice(tx: Tx, pool: PoolRow, order: OrderRow, now: Date) {
    await tx.update(groupGifts).set({ state: 'sold_out', closedAt: now }).where(eq(groupGifts.id, pool.id));
    await recordStatus(tx, {
      orderId: order.id,
      status: order.status,
      note: GROUP_GIFT_SOLD_OUT_NOTE,
      at: now,
    });
    await tell(tx, pool, pool.organiserId, 'sold_out', 'sold-out', { paise: order.totalPaise }, now);
    for (const share of await friendsOf(tx, pool)) {
      if (share.userId === pool.organiserId) continue;
      await tell(
        tx,
        pool,
        share.userId,
        'sold_out_wait',
        `sold-out-${share.id}`,
        { paise: share.takenPaise },
        now,
      );
    }
  }

  /** The organiser's pool waiting for another gift, its order and what it holds. */
  async function waitingPool(userId: number, token: string) {
    const pool = await organisersPool(userId, token);
    if (pool.state !== 'sold_out') throw conflict(GROUP_GIFT_MESSAGES.notSoldOut);
    const order = await orderOf(db, pool.orderId);
    if (!order) throw new Error(`Group gift ${pool.id} has no order`);
    return { pool, order, collected: await collectedPaiseOf(db, pool.id) };
  }

  return {
    placeMet,
    awaitChoice,

    /**
     * Gifts the organiser may choose instead: in stock, needing no personal details, one of each,
     * each priced by the server with the pool's delivery at most the collected total.
     */
    async replacements(userId: number, token: string): Promise<ReplacementGift[]> {
      const { order, collected } = await waitingPool(userId, token);
      const soldOut = (await orderLinesOf(db, order.id)).map((line) => line.productId);
      const candidates = await giftsInStockUpTo(db, {
        maxPricePaise: collected,
        excluding: soldOut,
        limit: REPLACEMENTS_PRICED,
      });
      const offered: ReplacementGift[] = [];
      for (const id of candidates) {
        if (offered.length === REPLACEMENTS_SHOWN) break;
        try {
          const priced = await priceReplacement(userId, order, id);
          if (priced.totalPaise > collected) continue;
          offered.push({
            productId: id,
            name: priced.name,
            image: priced.image,
            totalAmount: toRupees(priced.totalPaise),
            refundAmount: toRupees(collected - priced.totalPaise),
          });
        } catch (error) {
          // Not to be had for this pool (its address, its day): not offered.
          if (!(error instanceof AppError)) throw error;
        }
      }
      return offered;
    },

    /**
     * The organiser's choice: the gift priced again by the server (the total they saw must match),
     * its stock taken, the order's lines, fees and amounts replaced, the surplus given back to each
     * share in proportion (surplusPartsOf), and the order placed, all under the pool's lock, once.
     */
    async chooseReplacement(
      userId: number,
      token: string,
      payload: ChooseReplacementPayload,
    ): Promise<GroupGiftView> {
      const { pool, order } = await waitingPool(userId, token);
      const priced = await priceReplacement(userId, order, payload.productId);
      if (toPaise(payload.totalAmount) !== priced.totalPaise) throw conflict(PAYMENT_MESSAGES.pricesChanged);
      await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(groupGifts).where(eq(groupGifts.id, pool.id)).for('update');
        if (locked?.state !== 'sold_out') throw conflict(GROUP_GIFT_MESSAGES.notSoldOut);
        await lockedOrderOf(tx, order.id);
        const collected = await collectedPaiseOf(tx, pool.id);
        if (priced.totalPaise > collected)
          throw conflict(replacementTooDearMessage(priced.totalPaise, collected));
        const now = clock.now();
        const replaced = await replacePendingLines(tx, order.id, priced, now);
        const surplus = collected - priced.totalPaise;
        const shares = await friendsOf(tx, locked);
        const parts = surplusPartsOf(shares, surplus);
        for (const share of shares) {
          const paise = parts.find((part) => part.id === share.id)?.paise ?? 0;
          if (paise === 0 || share.paymentId === null) continue;
          const payment = await lockedPaymentOf(tx, share.paymentId);
          if (!payment) throw new Error(`Payment ${share.paymentId} vanished`);
          await giveBack(tx, locked, {
            payment,
            paise,
            userId: share.userId,
            reason: 'group_gift_surplus',
            event: 'surplus',
            now,
          });
          await tx
            .update(groupGiftContributions)
            .set({ takenPaise: share.takenPaise - paise })
            .where(eq(groupGiftContributions.id, share.id));
        }
        await placeMet(tx, locked, replaced, groupGiftReplacedNote(priced.name, surplus), now);
      });
      onStockChanged();
      return view(await poolByToken(token), userId);
    },
  };
}
