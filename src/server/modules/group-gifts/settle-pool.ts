import { and, eq, lte } from 'drizzle-orm';
import type { GroupGiftView } from '../../../shared/api/group-gifts';
import {
  GROUP_GIFT_CLOSED_NOTE,
  GROUP_GIFT_MESSAGES,
  GROUP_GIFT_REFUNDED_NOTE,
  GROUP_GIFT_SOLD_OUT_REFUNDED_NOTE,
  SOLD_OUT_CHOICE_DAYS,
  TOP_UP_DAYS,
} from '../../../shared/group-gifts';
import { DAY_MS } from '../../../shared/india-time';
import type { Tx } from '../../db/client';
import { conflict } from '../../errors';
import { markRefundDue } from '../money-ledger';
import { lockedOrderOf, orderOf, recordStatus, setOrderStatus } from '../orders';
import type { GroupGiftDeps, PoolRecords, PoolRow } from './pool-records';
import { groupGiftContributions, groupGifts } from './tables';

const SWEEP_BATCH = 200;

export type PoolSettling = ReturnType<typeof createPoolSettling>;

/**
 * Decision 0084: how a pool ends other than met: closed by its organiser, short past the days to top
 * up, or sold out with no other gift chosen in time; every share goes back once through the ledger.
 * And the recipient's thanks, forwarded.
 */
export function createPoolSettling(
  { db, clock, refundOrder }: Pick<GroupGiftDeps, 'db' | 'clock' | 'refundOrder'>,
  { poolByToken, organisersPool, collectedPaiseOf, view, tell }: PoolRecords,
) {
  /**
   * Gives every share of a pool back, in the caller's transaction under the pool's lock: the
   * pool refunded, its order cancelled (its payments due back: the payments module refunds each
   * once, after the commit, and its sweep retries one the provider did not take), each
   * contributor told. The order's customer is not sent each share's refund notice.
   */
  async function refundPool(tx: Tx, pool: PoolRow, note: string, now: Date) {
    await tx.update(groupGifts).set({ state: 'refunded', closedAt: now }).where(eq(groupGifts.id, pool.id));
    const cancelled = await setOrderStatus(tx, {
      orderId: pool.orderId,
      from: 'pending',
      to: 'cancelled',
      quiet: true,
      at: now,
    });
    if (cancelled) {
      await markRefundDue(tx, pool.orderId, 'cancelled');
      await recordStatus(tx, { orderId: pool.orderId, status: 'cancelled', note, at: now });
    }
    const shares = await tx
      .update(groupGiftContributions)
      .set({ state: 'refunded' })
      .where(and(eq(groupGiftContributions.groupGiftId, pool.id), eq(groupGiftContributions.state, 'taken')))
      .returning();
    for (const share of shares) {
      await tell(
        tx,
        pool,
        share.userId,
        'refunded',
        `refunded-${share.id}`,
        { paise: share.takenPaise },
        now,
      );
    }
  }

  /** Refunds an open or short pool in full, once, under its lock; false when it had closed. */
  async function refundIfCollecting(
    poolId: string,
    note: string,
    states: PoolRow['state'][],
  ): Promise<boolean> {
    const pool = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(groupGifts).where(eq(groupGifts.id, poolId)).for('update');
      if (!locked || !states.includes(locked.state)) return null;
      await lockedOrderOf(tx, locked.orderId);
      await refundPool(tx, locked, note, clock.now());
      return locked;
    });
    if (!pool) return false;
    await refundOrder(pool.orderId);
    return true;
  }

  return {
    /**
     * Decision 0081's thank-you of a pool's recipient, forwarded in its transaction: each friend
     * whose share is in hears that the recipient thanked everyone (their name only, not the note).
     */
    async forwardThanks(tx: Tx, orderId: string, fromName: string, at: Date): Promise<void> {
      const [pool] = await tx.select().from(groupGifts).where(eq(groupGifts.orderId, orderId));
      if (!pool) return;
      const friends = await tx
        .select({ userId: groupGiftContributions.userId })
        .from(groupGiftContributions)
        .where(
          and(eq(groupGiftContributions.groupGiftId, pool.id), eq(groupGiftContributions.state, 'taken')),
        );
      const thanked = { ...pool, recipientName: fromName };
      for (const userId of new Set(friends.map((row) => row.userId))) {
        await tell(tx, thanked, userId, 'thanks', `thanks-${userId}`, { paise: 0 }, at);
      }
    },

    /**
     * The organiser closes the pool before it is met, or refunds everyone rather than choose
     * another gift for a sold-out one: every share goes back, each once.
     */
    async close(userId: number, token: string): Promise<GroupGiftView> {
      const pool = await organisersPool(userId, token);
      const note = pool.state === 'sold_out' ? GROUP_GIFT_SOLD_OUT_REFUNDED_NOTE : GROUP_GIFT_CLOSED_NOTE;
      if (!(await refundIfCollecting(pool.id, note, ['open', 'short', 'sold_out']))) {
        throw conflict(GROUP_GIFT_MESSAGES.closed);
      }
      return view(await poolByToken(token), userId);
    },

    /**
     * The background job: pools past their deadline short stop collecting and their organisers are
     * told (they may top up for TOP_UP_DAYS); pools short past that, and pools whose gift sold out
     * with no other chosen by their choose-by time, are refunded in full. Each pool is judged again
     * under its lock, once, on any instance.
     */
    async expireDue(): Promise<number> {
      const now = clock.now();
      const due = await db
        .select({ id: groupGifts.id })
        .from(groupGifts)
        .where(and(eq(groupGifts.state, 'open'), lte(groupGifts.deadline, now)))
        .limit(SWEEP_BATCH);
      let changed = 0;
      for (const { id } of due) {
        const shortBy = await db.transaction(async (tx) => {
          const [pool] = await tx.select().from(groupGifts).where(eq(groupGifts.id, id)).for('update');
          if (pool?.state !== 'open') return null;
          const order = await orderOf(tx, pool.orderId);
          const remaining = (order?.totalPaise ?? 0) - (await collectedPaiseOf(tx, pool.id));
          await tx.update(groupGifts).set({ state: 'short' }).where(eq(groupGifts.id, pool.id));
          await tell(tx, pool, pool.organiserId, 'short', 'short', { paise: remaining }, now);
          return remaining;
        });
        if (shortBy !== null) changed++;
      }
      // Short past the days to top up (from the deadline); sold out with no gift chosen (from the meeting).
      const waits = [
        { state: 'short', since: groupGifts.deadline, days: TOP_UP_DAYS, note: GROUP_GIFT_REFUNDED_NOTE },
        {
          state: 'sold_out',
          since: groupGifts.closedAt,
          days: SOLD_OUT_CHOICE_DAYS,
          note: GROUP_GIFT_SOLD_OUT_REFUNDED_NOTE,
        },
      ] as const;
      for (const wait of waits) {
        const lapsed = await db
          .select({ id: groupGifts.id })
          .from(groupGifts)
          .where(
            and(
              eq(groupGifts.state, wait.state),
              lte(wait.since, new Date(now.getTime() - wait.days * DAY_MS)),
            ),
          )
          .limit(SWEEP_BATCH);
        for (const { id } of lapsed) {
          if (await refundIfCollecting(id, wait.note, [wait.state])) changed++;
        }
      }
      return changed;
    },
  };
}
