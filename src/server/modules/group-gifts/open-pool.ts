import { and, count, eq, gte } from 'drizzle-orm';
import type {
  EditGroupGiftPayload,
  GroupGiftView,
  OpenGroupGiftPayload,
  OpenGroupGiftResponse,
} from '../../../shared/api/group-gifts';
import {
  GROUP_GIFT_MAX_DAYS,
  GROUP_GIFT_MESSAGES,
  groupGiftPathOf,
  suggestedShareMessage,
  tooManyGroupGiftsMessage,
} from '../../../shared/group-gifts';
import { DAY_MS, indiaDateOf, indiaDayEnd } from '../../../shared/india-time';
import { toPaise } from '../../../shared/money';
import { conflict, forbidden, invalid, tooMany } from '../../errors';
import { giftLinkTokenHashOf, newGiftLinkToken, orderOf } from '../orders';
import type { GroupGiftDeps, PoolRecords } from './pool-records';
import { groupGifts } from './tables';

/**
 * Decision 0084: the organiser opens a pool (its order priced and checked now, holding no stock)
 * within their pools a day, and may change its message or deadline while it collects.
 */
export function createPoolOpening(
  { db, clock, orders: orderService, rules }: Pick<GroupGiftDeps, 'db' | 'clock' | 'orders' | 'rules'>,
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
      await orderService.createGroupGiftOrder(userId, payload, deadline, async (tx, order, at) => {
        // Counted under the organiser's row lock (createGroupGiftOrder takes it).
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
