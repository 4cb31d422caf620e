import { formatPaise, type Paise } from './money';
import { type QuantityTierValue, unitPricePaise } from './quantity-tier-rules';

// Coupons (decision 0010): the rules both sides apply. The server recomputes every discount at
// order creation from its own rows; the checkout shows the same numbers before the shopper pays.

export type CouponKind = 'percent' | 'flat';

export type CouponTerms = {
  code: string;
  kind: CouponKind;
  /** A whole percent (1-100) for 'percent', paise for 'flat'. */
  value: number;
  minOrderPaise: Paise;
  maxDiscountPaise: Paise | null;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Empty: the coupon applies to every category. */
  categoryIds: readonly number[];
  active: boolean;
};

export type CouponLine = { pricePaise: Paise; quantity: number; categoryId: number };

/**
 * Decision 0080: a line as a coupon sees it, at the price its quantity tier leaves, so the two
 * discounts never take the same rupee twice; the checkout's quote and the order price it alike.
 */
export const tierPricedLine = (line: {
  pricePaise: Paise;
  quantityTiers: readonly QuantityTierValue[];
  quantity: number;
  categoryId: number;
}): CouponLine => ({
  pricePaise: unitPricePaise(line.pricePaise, line.quantityTiers, line.quantity),
  quantity: line.quantity,
  categoryId: line.categoryId,
});

export const COUPON_MESSAGES = {
  notFound: 'This coupon code is not valid',
  notStarted: 'This coupon is not active yet',
  expired: 'This coupon has expired',
  noEligibleItems: 'This coupon does not apply to the items in your cart',
  usedUp: 'This coupon has been fully used',
  usedByYou: 'You have already used this coupon',
} as const;

export const minimumOrderMessage = (minOrderPaise: Paise) =>
  `Add items worth ${formatPaise(minOrderPaise)} or more to use this coupon`;

// Codes are letters, digits, '-' and '_'; compared upper-case.
export const COUPON_CODE_MAX = 30;
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,30}$/;
export const normaliseCouponCode = (code: string) => code.trim().toUpperCase();

export type CouponOutcome =
  | { ok: true; discountPaise: Paise; eligibleSubtotalPaise: Paise }
  | { ok: false; message: string };

const appliesTo = (terms: Pick<CouponTerms, 'categoryIds'>, line: CouponLine) =>
  terms.categoryIds.length === 0 || terms.categoryIds.includes(line.categoryId);

/**
 * The discount a coupon gives these lines at `now`, or why it gives none. The minimum order is
 * met by the lines the coupon applies to; a percent is rounded down to the paisa and capped by the
 * maximum discount; no discount exceeds what the eligible lines cost. Usage limits are counted by
 * the server, which alone knows them.
 */
export function couponDiscount(terms: CouponTerms, lines: readonly CouponLine[], now: Date): CouponOutcome {
  if (!terms.active) return { ok: false, message: COUPON_MESSAGES.notFound };
  if (terms.startsAt && now < terms.startsAt) return { ok: false, message: COUPON_MESSAGES.notStarted };
  if (terms.endsAt && now > terms.endsAt) return { ok: false, message: COUPON_MESSAGES.expired };
  const eligibleSubtotalPaise = lines
    .filter((line) => appliesTo(terms, line))
    .reduce((sum, line) => sum + line.pricePaise * line.quantity, 0);
  if (eligibleSubtotalPaise === 0) return { ok: false, message: COUPON_MESSAGES.noEligibleItems };
  if (eligibleSubtotalPaise < terms.minOrderPaise) {
    return { ok: false, message: minimumOrderMessage(terms.minOrderPaise) };
  }
  let discount =
    terms.kind === 'percent' ? Math.floor((eligibleSubtotalPaise * terms.value) / 100) : terms.value;
  if (terms.maxDiscountPaise !== null) discount = Math.min(discount, terms.maxDiscountPaise);
  discount = Math.max(0, Math.min(discount, eligibleSubtotalPaise));
  return { ok: true, discountPaise: discount, eligibleSubtotalPaise };
}

/**
 * Splits a discount over the lines it applies to in proportion to their value, in whole paise
 * that add up to the discount exactly (largest remainder), so an invoice or a refund of one line
 * knows what that line really cost. Lines outside the coupon's categories get 0.
 */
export function allocateDiscount(
  terms: Pick<CouponTerms, 'categoryIds'>,
  lines: readonly CouponLine[],
  discountPaise: Paise,
): Paise[] {
  const values = lines.map((line) => (appliesTo(terms, line) ? line.pricePaise * line.quantity : 0));
  const eligible = values.reduce((sum, value) => sum + value, 0);
  if (eligible === 0 || discountPaise === 0) return lines.map(() => 0);
  const shares = values.map((value) => Math.floor((value * discountPaise) / eligible));
  let left = discountPaise - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = values
    .map((value, index) => ({ index, remainder: (value * discountPaise) % eligible }))
    .filter((entry) => (values[entry.index] ?? 0) > 0)
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const entry of byRemainder) {
    if (left === 0) break;
    shares[entry.index] = (shares[entry.index] ?? 0) + 1;
    left--;
  }
  return shares;
}

/** '20% off (up to ₹200)' or '₹150 off', with the minimum order when there is one. */
export function couponSummary(
  terms: Pick<CouponTerms, 'kind' | 'value' | 'maxDiscountPaise' | 'minOrderPaise'>,
): string {
  const off =
    terms.kind === 'percent'
      ? `${terms.value}% off${terms.maxDiscountPaise !== null ? ` (up to ${formatPaise(terms.maxDiscountPaise)})` : ''}`
      : `${formatPaise(terms.value)} off`;
  return terms.minOrderPaise > 0 ? `${off} on orders of ${formatPaise(terms.minOrderPaise)} or more` : off;
}
