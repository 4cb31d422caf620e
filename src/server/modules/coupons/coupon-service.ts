import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  type AdminCoupon,
  type AdminCouponChanges,
  COUPON_EDIT_MESSAGES,
  type CouponQuote,
  type NewAdminCoupon,
} from '../../../shared/api/coupons';
import {
  allocateDiscount,
  COUPON_MESSAGES,
  type CouponLine,
  type CouponTerms,
  couponDiscount,
  couponSummary,
  normaliseCouponCode,
  tierPricedLine,
} from '../../../shared/coupon';
import { indiaDateOf, indiaDayEnd, indiaDayStart } from '../../../shared/india-time';
import { toPaise, toRupees } from '../../../shared/money';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { conflict, invalid, notFound, tooMany, waitInWords } from '../../errors';
import type { AttemptLimiter } from '../auth';
import { pricedProductsOf } from '../catalog';
import { couponRedemptions, coupons } from './tables';

type CouponRow = typeof coupons.$inferSelect;

export const COUPON_CODE_TAKEN = 'A coupon with this code already exists';
const COUPON_NOT_FOUND = 'Coupon not found';

const termsOf = (row: CouponRow): CouponTerms => ({
  code: row.code,
  kind: row.kind,
  value: row.value,
  minOrderPaise: row.minOrderPaise,
  maxDiscountPaise: row.maxDiscountPaise,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  categoryIds: row.categoryIds,
  active: row.active,
});

function adminCouponOf(row: CouponRow, used: boolean): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    summary: couponSummary(termsOf(row)),
    kind: row.kind,
    value: row.kind === 'flat' ? toRupees(row.value) : row.value,
    minOrder: toRupees(row.minOrderPaise),
    maxDiscount: row.maxDiscountPaise === null ? null : toRupees(row.maxDiscountPaise),
    startsOn: row.startsAt ? indiaDateOf(row.startsAt) : null,
    // Stored as the last instant of the day; shown as that day.
    endsOn: row.endsAt ? indiaDateOf(row.endsAt) : null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    categoryIds: row.categoryIds,
    active: row.active,
    usedCount: row.usedCount,
    used,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Decision 0077: an order (paid, or waiting for payment) holds a redemption of the coupon. */
const usedByAnOrder = sql<boolean>`exists (select 1 from ${couponRedemptions} where ${couponRedemptions.couponId} = ${coupons.id})`;

/** A coupon's stored columns from the back office's form (rupees and India dates in). */
const couponColumnsOf = (input: NewAdminCoupon) => ({
  code: input.code,
  description: input.description,
  kind: input.kind,
  value: input.kind === 'flat' ? toPaise(input.value) : input.value,
  minOrderPaise: toPaise(input.minOrder),
  maxDiscountPaise: input.maxDiscount === null ? null : toPaise(input.maxDiscount),
  startsAt: input.startsOn ? indiaDayStart(input.startsOn) : null,
  endsAt: input.endsOn ? new Date(indiaDayEnd(input.endsOn).getTime() - 1) : null,
  usageLimit: input.usageLimit,
  perCustomerLimit: input.perCustomerLimit,
  categoryIds: [...new Set(input.categoryIds)],
  active: input.active,
});

/** The coupon a priced order carries into its transaction. */
export type AppliedCoupon = {
  couponId: number;
  code: string;
  discountPaise: number;
  /** Each line's share of the discount, in the order of the lines given. */
  lineDiscountsPaise: number[];
};

export type CouponService = ReturnType<typeof createCouponService>;

/**
 * Coupons: the owner's codes, the checkout's quote and the order's redemption. The
 * discount rules are shared (src/shared/coupon.ts); usage limits are counted here, in the order's
 * transaction, with a conditional UPDATE on the coupon's row so that concurrent orders on any
 * number of instances take turns and cannot pass the limit.
 */
/** Codes that exist nobody learns by trying: an account may try this many unknown ones an hour. */
export const UNKNOWN_CODES_PER_HOUR = 10;

export function createCouponService({
  db,
  clock,
  unknownCodes,
}: {
  db: Db;
  clock: Clock;
  /** Counts each account's codes that do not exist (UNKNOWN_CODES_PER_HOUR an hour). */
  unknownCodes: AttemptLimiter;
}) {
  async function byCode(code: string): Promise<CouponRow | undefined> {
    const [row] = await db
      .select()
      .from(coupons)
      .where(eq(coupons.code, normaliseCouponCode(code)))
      .limit(1);
    return row;
  }

  async function usesBy(runner: Db | Tx, couponId: number, userId: number): Promise<number> {
    const [row] = await runner
      .select({ uses: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
    return row?.uses ?? 0;
  }

  /**
   * The discount `code` gives these priced lines for this shopper, or a 409 saying why not. The
   * limits are read without a lock here; redeem checks them again where it counts.
   */
  async function apply(userId: number, code: string, lines: readonly CouponLine[]): Promise<AppliedCoupon> {
    // Past the allowance even a real code waits, or guessing would go on until one worked.
    const wait = await unknownCodes.waitSeconds(String(userId));
    if (wait > 0) {
      throw tooMany(`Too many coupon codes tried. Please try again in ${waitInWords(wait)}.`, wait);
    }
    const row = await byCode(code);
    if (!row) {
      await unknownCodes.consume(String(userId));
      throw conflict(COUPON_MESSAGES.notFound);
    }
    const outcome = couponDiscount(termsOf(row), lines, clock.now());
    if (!outcome.ok) throw conflict(outcome.message);
    if (row.usageLimit !== null && row.usedCount >= row.usageLimit) throw conflict(COUPON_MESSAGES.usedUp);
    if (row.perCustomerLimit !== null && (await usesBy(db, row.id, userId)) >= row.perCustomerLimit) {
      throw conflict(COUPON_MESSAGES.usedByYou);
    }
    return {
      couponId: row.id,
      code: row.code,
      discountPaise: outcome.discountPaise,
      lineDiscountsPaise: allocateDiscount(termsOf(row), lines, outcome.discountPaise),
    };
  }

  return {
    apply,

    /** POST /api/coupons/validate: the discount for the cart as the server prices it. */
    async quote(
      userId: number,
      code: string,
      items: readonly { productId: number; quantity: number }[],
    ): Promise<CouponQuote> {
      const rows = await pricedProductsOf(
        db,
        items.map((item) => item.productId),
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      const lines = items.flatMap((item) => {
        const product = byId.get(item.productId);
        return product ? [tierPricedLine({ ...product, quantity: item.quantity })] : [];
      });
      const applied = await apply(userId, code, lines);
      const row = await byCode(applied.code);
      return {
        code: applied.code,
        summary: row ? couponSummary(termsOf(row)) : '',
        discount: toRupees(applied.discountPaise),
      };
    },

    /**
     * Takes one use of the coupon for an order, inside the order's transaction. The conditional
     * UPDATE locks the coupon's row until the transaction ends, so the per-customer count that
     * follows sees every earlier redemption of this coupon; either refusal rolls the order back.
     */
    async redeem(tx: Tx, applied: AppliedCoupon, orderId: string, userId: number): Promise<void> {
      const [taken] = await tx
        .update(coupons)
        .set({ usedCount: sql`${coupons.usedCount} + 1` })
        .where(
          and(
            eq(coupons.id, applied.couponId),
            or(isNull(coupons.usageLimit), lt(coupons.usedCount, coupons.usageLimit)),
          ),
        )
        .returning({ perCustomerLimit: coupons.perCustomerLimit });
      if (!taken) throw conflict(COUPON_MESSAGES.usedUp);
      if (
        taken.perCustomerLimit !== null &&
        (await usesBy(tx, applied.couponId, userId)) >= taken.perCustomerLimit
      ) {
        throw conflict(COUPON_MESSAGES.usedByYou);
      }
      await tx.insert(couponRedemptions).values({
        couponId: applied.couponId,
        orderId,
        userId,
        discountPaise: applied.discountPaise,
        createdAt: clock.now(),
      });
    },

    /** Gives back an order's use of its coupon (the order expired unpaid); once, in its transaction. */
    async release(tx: Tx, orderId: string): Promise<void> {
      const [released] = await tx
        .delete(couponRedemptions)
        .where(eq(couponRedemptions.orderId, orderId))
        .returning({ couponId: couponRedemptions.couponId });
      if (!released) return;
      await tx
        .update(coupons)
        .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
        .where(eq(coupons.id, released.couponId));
    },

    /**
     * A payment that arrived after its order expired revived the order (stock allowing): its use,
     * given back at expiry, is taken again. Past the usage limit too: the customer paid the
     * discounted price the store offered, so the count says what was really used.
     */
    async reclaim(
      tx: Tx,
      order: { id: string; userId: number | null; couponCode: string | null; discountPaise: number },
    ): Promise<void> {
      // A quote carries no coupon, and only a quote can be without its customer (orders.userId).
      if (!order.couponCode || order.discountPaise <= 0 || order.userId === null) return;
      const [coupon] = await tx
        .select({ id: coupons.id })
        .from(coupons)
        .where(eq(coupons.code, order.couponCode));
      if (!coupon) return;
      const [taken] = await tx
        .insert(couponRedemptions)
        .values({
          couponId: coupon.id,
          orderId: order.id,
          userId: order.userId,
          discountPaise: order.discountPaise,
          createdAt: clock.now(),
        })
        .onConflictDoNothing({ target: couponRedemptions.orderId })
        .returning({ id: couponRedemptions.id });
      if (taken) {
        await tx
          .update(coupons)
          .set({ usedCount: sql`${coupons.usedCount} + 1` })
          .where(eq(coupons.id, coupon.id));
      }
    },

    // ---- The back office ----

    async list(): Promise<AdminCoupon[]> {
      const rows = await db
        .select({ coupon: coupons, used: usedByAnOrder })
        .from(coupons)
        .orderBy(desc(coupons.createdAt), desc(coupons.id));
      return rows.map((row) => adminCouponOf(row.coupon, row.used));
    },

    async create(input: NewAdminCoupon): Promise<AdminCoupon> {
      if (await byCode(input.code)) {
        throw invalid(COUPON_CODE_TAKEN, [{ path: 'code', message: COUPON_CODE_TAKEN }]);
      }
      const [row] = await db
        .insert(coupons)
        .values({ ...couponColumnsOf(input), createdAt: clock.now() })
        .onConflictDoNothing({ target: coupons.code })
        .returning();
      if (!row) throw invalid(COUPON_CODE_TAKEN, [{ path: 'code', message: COUPON_CODE_TAKEN }]);
      return adminCouponOf(row, false);
    },

    /**
     * Decision 0077: every term of a coupon no order has used, in one statement that checks it
     * (an order taking it at the same moment leaves it as it was).
     */
    async edit(id: number, input: NewAdminCoupon): Promise<AdminCoupon> {
      const [current] = await db.select().from(coupons).where(eq(coupons.id, id));
      if (!current) throw notFound(COUPON_NOT_FOUND);
      if (current.retiredAt) throw conflict(COUPON_EDIT_MESSAGES.retired);
      const taken = await byCode(input.code);
      if (taken && taken.id !== id) {
        throw invalid(COUPON_CODE_TAKEN, [{ path: 'code', message: COUPON_CODE_TAKEN }]);
      }
      const [row] = await db
        .update(coupons)
        .set(couponColumnsOf(input))
        .where(and(eq(coupons.id, id), sql`not ${usedByAnOrder}`, eq(coupons.usedCount, 0)))
        .returning();
      if (!row) throw conflict(COUPON_EDIT_MESSAGES.used);
      return adminCouponOf(row, false);
    },

    /** Decision 0077: off for good (a used coupon's way out); a new code takes its place. */
    async retire(id: number): Promise<AdminCoupon> {
      const [row] = await db
        .update(coupons)
        .set({ active: false, retiredAt: sql`coalesce(${coupons.retiredAt}, ${clock.now()})` })
        .where(eq(coupons.id, id))
        .returning();
      if (!row) throw notFound(COUPON_NOT_FOUND);
      const [{ used } = { used: false }] = await db
        .select({ used: usedByAnOrder })
        .from(coupons)
        .where(eq(coupons.id, id));
      return adminCouponOf(row, used);
    },

    async update(id: number, changes: AdminCouponChanges): Promise<AdminCoupon> {
      const [current] = await db.select().from(coupons).where(eq(coupons.id, id));
      if (!current) throw notFound(COUPON_NOT_FOUND);
      if (current.retiredAt && changes.active) throw conflict(COUPON_EDIT_MESSAGES.retired);
      const [row] = await db
        .update(coupons)
        .set({ active: changes.active })
        .where(eq(coupons.id, id))
        .returning();
      if (!row) throw notFound(COUPON_NOT_FOUND);
      const [{ used } = { used: false }] = await db
        .select({ used: usedByAnOrder })
        .from(coupons)
        .where(eq(coupons.id, id));
      return adminCouponOf(row, used);
    },
  };
}
