import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { AdminGroupGift } from '../../../shared/api/group-gifts';
import { toRupees } from '../../../shared/money';
import { accountNamesOf } from '../auth';
import { ordersOf } from '../orders';
import type { GroupGiftDeps, PoolRow } from './pool-records';
import { groupGiftContributions, groupGifts } from './tables';

// The back office's list is the newest pools; older ones are found through their orders.
const OWNER_LIST_LIMIT = 200;

/** Decision 0084: the owner's pools (open, short, met, refunded) with every share by name. */
export function createOwnersPools({ db }: Pick<GroupGiftDeps, 'db'>) {
  return {
    /** The owner's pools, newest first (at most 200), each with every share started. */
    async ownerList(state?: PoolRow['state']): Promise<AdminGroupGift[]> {
      const pools = await db
        .select()
        .from(groupGifts)
        .where(state ? eq(groupGifts.state, state) : undefined)
        .orderBy(desc(groupGifts.createdAt))
        .limit(OWNER_LIST_LIMIT);
      const shares = pools.length
        ? await db
            .select()
            .from(groupGiftContributions)
            .where(
              inArray(
                groupGiftContributions.groupGiftId,
                pools.map((pool) => pool.id),
              ),
            )
            .orderBy(asc(groupGiftContributions.id))
        : [];
      const [orders, names] = await Promise.all([
        ordersOf(
          db,
          pools.map((pool) => pool.orderId),
        ),
        accountNamesOf(db, [
          ...pools.map((pool) => pool.organiserId),
          ...shares.map((share) => share.userId),
        ]),
      ]);
      const orderOf = new Map(orders.map((order) => [order.id, order]));
      return pools.flatMap((pool) => {
        const order = orderOf.get(pool.orderId);
        if (!order) return [];
        const own = shares.filter((share) => share.groupGiftId === pool.id);
        return {
          id: pool.id,
          orderId: pool.orderId,
          orderNumber: order.orderNumber,
          recipientName: pool.recipientName,
          organiserName: names.get(pool.organiserId)?.fullName ?? '',
          state: pool.state,
          targetAmount: toRupees(order.totalPaise),
          collectedAmount: toRupees(
            own.filter((share) => share.state === 'taken').reduce((sum, share) => sum + share.takenPaise, 0),
          ),
          closesAt: pool.deadline.toISOString(),
          createdAt: pool.createdAt.toISOString(),
          contributions: own.map((share) => ({
            id: share.id,
            // Every share and pool names an account (a foreign key), as the order its pool.
            name: names.get(share.userId)?.fullName ?? '',
            amount: toRupees(share.amountPaise),
            taken: toRupees(share.takenPaise),
            state: share.state,
            confirmedAt: share.confirmedAt?.toISOString() ?? null,
          })),
        };
      });
    },
  };
}
