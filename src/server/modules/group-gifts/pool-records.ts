import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { GroupGiftView } from '../../../shared/api/group-gifts';
import {
  GROUP_GIFT_MESSAGES,
  type GroupGiftEvent,
  groupGiftProgress,
  type ShareBounds,
  SOLD_OUT_CHOICE_DAYS,
} from '../../../shared/group-gifts';
import { DAY_MS } from '../../../shared/india-time';
import { toRupees } from '../../../shared/money';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import { contactOf } from '../auth';
import { giftLinkTokenHashOf, type ReadGiftLinkRules } from '../gift-links';
import { messageName, queueGroupGiftMessage, type ReadNotifyDefaults } from '../notifications';
import { type OrderRow, type OrderService, orderLinesOf, orderOf } from '../orders';
import type { PaymentProvider } from '../payment-providers';
import { groupGiftContributions, groupGifts } from './tables';

export type PoolRow = typeof groupGifts.$inferSelect;

/** What the group-gifts module is made from (services.ts gives it). */
export type GroupGiftDeps = {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  orders: OrderService;
  /** The payments module's: the met pool's order becomes paid as every order does. */
  placePooledOrder: (tx: Tx, order: OrderRow, note: string) => Promise<boolean>;
  /** The payments module's refund of what a cancellation made due (after the commit). */
  refundOrder: (orderId: string) => Promise<unknown>;
  log: FastifyBaseLogger;
  /** The owner's rules in force (Settings): pools an organiser may open a day, a share's bounds. */
  rules: () => Promise<GroupGiftRules>;
  /** The order-news channels a pool's order gets when its organiser did not choose. */
  notifyDefaults: ReadNotifyDefaults;
  /** Decision 0081: the owner's gift link life and links a day, for a pool sent by link. */
  giftLinkRules: ReadGiftLinkRules;
  onStockChanged?: () => void;
};

export type GroupGiftRules = ShareBounds & { perDay: number };

export type PoolRecords = ReturnType<typeof createPoolRecords>;

/** A pool met as its gift sold out is refunded in full unless its organiser chooses by then. */
export const chooseByOf = (pool: PoolRow) =>
  new Date((pool.closedAt ?? pool.deadline).getTime() + SOLD_OUT_CHOICE_DAYS * DAY_MS);

/**
 * Decision 0084: what every part of a group gift reads and says: a pool by its link's token (only
 * its hash is kept), what it holds, its page as a reader may see it, and its news by SMS.
 */
export function createPoolRecords({ db, rules }: Pick<GroupGiftDeps, 'db' | 'rules'>) {
  async function poolByToken(token: string): Promise<PoolRow> {
    const [pool] = await db
      .select()
      .from(groupGifts)
      .where(eq(groupGifts.tokenHash, giftLinkTokenHashOf(token)))
      .limit(1);
    if (!pool) throw notFound(GROUP_GIFT_MESSAGES.notFound);
    return pool;
  }

  /** The verified mobile of an account; null when it has none (signed in by e-mail only). */
  async function verifiedPhoneOf(runner: Db | Tx, userId: number): Promise<string | null> {
    const account = await contactOf(runner, userId);
    return account?.phone && account.verified ? account.phone : null;
  }

  /** Paise the pool holds: what it kept of every share still in it. */
  async function collectedPaiseOf(runner: Db | Tx, poolId: string): Promise<number> {
    const [row] = await runner
      .select({ paise: sql<string>`coalesce(sum(${groupGiftContributions.takenPaise}), 0)` })
      .from(groupGiftContributions)
      .where(and(eq(groupGiftContributions.groupGiftId, poolId), eq(groupGiftContributions.state, 'taken')));
    return Number(row?.paise ?? 0);
  }

  /** The organiser's own pool (another account is refused, and learns nothing more). */
  async function organisersPool(userId: number, token: string): Promise<PoolRow> {
    const pool = await poolByToken(token);
    if (pool.organiserId !== userId) throw forbidden(GROUP_GIFT_MESSAGES.organiserOnly);
    return pool;
  }

  async function view(pool: PoolRow, viewerId: number | null): Promise<GroupGiftView> {
    const bounds = await rules();
    const order = await orderOf(db, pool.orderId);
    if (!order) throw notFound(GROUP_GIFT_MESSAGES.notFound);
    const organiser = await contactOf(db, pool.organiserId);
    const shares = await db
      .select({
        id: groupGiftContributions.id,
        userId: groupGiftContributions.userId,
        takenPaise: groupGiftContributions.takenPaise,
        shownName: groupGiftContributions.shownName,
        note: groupGiftContributions.note,
        state: groupGiftContributions.state,
      })
      .from(groupGiftContributions)
      .where(
        and(
          eq(groupGiftContributions.groupGiftId, pool.id),
          inArray(groupGiftContributions.state, pool.state === 'refunded' ? ['refunded'] : ['taken']),
        ),
      )
      .orderBy(asc(groupGiftContributions.id));
    const items = pool.surprise
      ? null
      : (await orderLinesOf(db, order.id)).map(({ name, image, quantity }) => ({ name, image, quantity }));
    const collected =
      pool.state === 'refunded' ? 0 : shares.reduce((sum, share) => sum + share.takenPaise, 0);
    const friends = new Set(shares.map((share) => share.userId)).size;
    const isOrganiser = viewerId === pool.organiserId;
    return {
      items,
      recipientName: pool.recipientName,
      organiserName: messageName(organiser?.fullName, 'A friend'),
      message: pool.message,
      targetAmount: toRupees(order.totalPaise),
      collectedAmount: toRupees(collected),
      remainingAmount: toRupees(Math.max(0, order.totalPaise - collected)),
      contributorCount: friends,
      progress: groupGiftProgress(collected, order.totalPaise, friends),
      suggestedShare: pool.suggestedSharePaise === null ? null : toRupees(pool.suggestedSharePaise),
      minShare: toRupees(bounds.minPaise),
      maxShare: toRupees(Math.max(bounds.minPaise, bounds.maxPaise)),
      closesAt: pool.deadline.toISOString(),
      state: pool.state,
      // Only names the contributors chose to show, with their notes; never a number or an amount.
      contributors: shares.flatMap((share) =>
        share.shownName ? [{ id: share.id, name: share.shownName, note: share.note }] : [],
      ),
      isOrganiser,
      orderNumber: isOrganiser && pool.state === 'met' ? order.orderNumber : null,
      chooseBy: pool.state === 'sold_out' ? chooseByOf(pool).toISOString() : null,
    };
  }

  /** One piece of a pool's news by SMS to one account's verified mobile, once per `key`. */
  async function tell(
    tx: Tx,
    pool: PoolRow,
    userId: number,
    event: GroupGiftEvent,
    key: string,
    figures: { paise: number; takenPaise?: number },
    now: Date,
  ) {
    const phone = await verifiedPhoneOf(tx, userId);
    if (!phone) return;
    await queueGroupGiftMessage(tx, {
      orderId: pool.orderId,
      to: phone,
      key: `group-gift-${pool.id}-${key}`,
      details: {
        event,
        recipientName: pool.recipientName,
        paise: figures.paise,
        takenPaise: figures.takenPaise ?? 0,
      },
      at: now,
    });
  }

  return { poolByToken, organisersPool, verifiedPhoneOf, collectedPaiseOf, view, tell };
}
