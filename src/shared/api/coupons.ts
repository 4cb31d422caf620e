import { z } from 'zod';
import { MAX_QUANTITY } from '../cart-rules';
import { COUPON_CODE_MAX, COUPON_CODE_PATTERN, normaliseCouponCode } from '../coupon';

// Coupons: the checkout's check of a code, and the back office's coupon screens.

export const COUPON_CODE_MESSAGE = 'Use 3 to 30 letters, digits, - or _';

/** A code as a shopper types it: any case, spaces around it ignored. */
export const CouponCode = z
  .string({ error: 'Enter a coupon code' })
  .trim()
  .min(1, 'Enter a coupon code')
  .max(COUPON_CODE_MAX, 'This coupon code is not valid')
  .transform(normaliseCouponCode);

/** POST /api/coupons/validate: the code and the cart's lines (the server prices them itself). */
export const ValidateCoupon = z.object({
  code: CouponCode,
  items: z
    .array(
      z.object({
        productId: z.number().int().positive().max(2_147_483_647),
        quantity: z.number().int().min(1).max(MAX_QUANTITY),
      }),
    )
    .min(1, 'Your cart is empty')
    .max(50),
});
export type ValidateCoupon = z.infer<typeof ValidateCoupon>;
export type ValidateCouponInput = z.input<typeof ValidateCoupon>;

/** The discount the code gives this cart now, in rupees. */
export const CouponQuote = z.object({
  code: z.string(),
  summary: z.string(),
  discount: z.number(),
});
export type CouponQuote = z.infer<typeof CouponQuote>;

const DATE_EXAMPLE = 'Use a date like 2031-10-20';
const isoDate = z
  .string()
  .max('YYYY-MM-DD'.length, { error: DATE_EXAMPLE, abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_EXAMPLE);
const rupees = z
  .number({ error: 'Enter an amount in rupees' })
  .min(0, 'Amounts cannot be negative')
  .max(10_000_000, 'That amount is too large');
const limit = z
  .number({ error: 'Enter a whole number' })
  .int('Enter a whole number')
  .min(1, 'A limit must be at least 1')
  .max(1_000_000);

/**
 * A new coupon. Validity dates are whole days in India time, both inclusive; no date means no
 * limit on that side. `value` is a percent for 'percent' and rupees for 'flat'.
 */
export const NewAdminCoupon = z
  .object({
    code: z
      .string()
      .trim()
      .max(COUPON_CODE_MAX, { error: COUPON_CODE_MESSAGE, abort: true })
      .transform(normaliseCouponCode)
      .pipe(z.string().regex(COUPON_CODE_PATTERN, COUPON_CODE_MESSAGE)),
    description: z.string().trim().max(200).default(''),
    kind: z.enum(['percent', 'flat'], { error: 'Choose percent or flat' }),
    value: z.number({ error: 'Enter the discount' }).positive('The discount must be above 0'),
    minOrder: rupees.default(0),
    maxDiscount: rupees.positive('The maximum discount must be above 0').nullable().default(null),
    startsOn: isoDate.nullable().default(null),
    endsOn: isoDate.nullable().default(null),
    usageLimit: limit.nullable().default(null),
    perCustomerLimit: limit.nullable().default(null),
    categoryIds: z.array(z.number().int().positive()).max(100).default([]),
    active: z.boolean().default(true),
  })
  .superRefine((coupon, context) => {
    if (coupon.kind === 'percent' && (!Number.isInteger(coupon.value) || coupon.value > 100)) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'A percent is a whole number from 1 to 100',
      });
    }
    if (coupon.kind === 'flat' && coupon.value > 10_000_000) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'That amount is too large' });
    }
    if (coupon.startsOn && coupon.endsOn && coupon.endsOn < coupon.startsOn) {
      context.addIssue({
        code: 'custom',
        path: ['endsOn'],
        message: 'The end date is before the start date',
      });
    }
  });
export type NewAdminCoupon = z.infer<typeof NewAdminCoupon>;
export type NewAdminCouponInput = z.input<typeof NewAdminCoupon>;

export const AdminCouponChanges = z.object({ active: z.boolean() });
export type AdminCouponChanges = z.infer<typeof AdminCouponChanges>;

export const AdminCoupon = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  summary: z.string(),
  kind: z.enum(['percent', 'flat']),
  value: z.number(),
  minOrder: z.number(),
  maxDiscount: z.number().nullable(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  categoryIds: z.array(z.number().int()),
  active: z.boolean(),
  usedCount: z.number().int(),
  /** Decision 0077: whether an order has used it (then it cannot be edited, only retired). */
  used: z.boolean(),
  /** When it was retired for good; null while it may be switched on and off. */
  retiredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminCoupon = z.infer<typeof AdminCoupon>;

export const COUPON_EDIT_MESSAGES = {
  used: 'An order has used this coupon, so its terms stay as they were; retire it and create a new code instead.',
  retired: 'This coupon is retired and cannot be switched on again; create a new code instead.',
} as const;

export const AdminCouponList = z.object({ data: z.array(AdminCoupon) });
export type AdminCouponList = z.infer<typeof AdminCouponList>;
export const AdminCouponResponse = z.object({ coupon: AdminCoupon });
export type AdminCouponResponse = z.infer<typeof AdminCouponResponse>;
