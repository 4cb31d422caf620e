import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { AdminGroupGift } from '../../../shared/api/group-gifts';
import { toRupees } from '../../../shared/money';
import { users } from '../auth/tables';
import { orders } from '../orders/tables';
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
        .select({
          pool: groupGifts,
          orderNumber: orders.orderNumber,
          totalPaise: orders.totalPaise,
          organiser: users.fullName,
        })
        .from(groupGifts)
        .innerJoin(orders, eq(orders.id, groupGifts.orderId))
        .innerJoin(users, eq(users.id, groupGifts.organiserId))
        .where(state ? eq(groupGifts.state, state) : undefined)
        .orderBy(desc(groupGifts.createdAt))
        .limit(OWNER_LIST_LIMIT);
      const shares = pools.length
        ? await db
            .select({ share: groupGiftContributions, name: users.fullName })
            .from(groupGiftContributions)
            .innerJoin(users, eq(users.id, groupGiftContributions.userId))
            .where(
              inArray(
                groupGiftContributions.groupGiftId,
                pools.map((row) => row.pool.id),
              ),
            )
            .orderBy(asc(groupGiftContributions.id))
        : [];
      return pools.map(({ pool, orderNumber, totalPaise, organiser }) => {
        const own = shares.filter((row) => row.share.groupGiftId === pool.id);
        return {
          id: pool.id,
          orderId: pool.orderId,
          orderNumber,
          recipientName: pool.recipientName,
          organiserName: organiser,
          state: pool.state,
          targetAmount: toRupees(totalPaise),
          collectedAmount: toRupees(
            own
              .filter((row) => row.share.state === 'taken')
              .reduce((sum, row) => sum + row.share.takenPaise, 0),
          ),
          closesAt: pool.deadline.toISOString(),
          createdAt: pool.createdAt.toISOString(),
          contributions: own.map(({ share, name }) => ({
            id: share.id,
            name,
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
