import { toPaise } from './money';

// SPEC 9: the discount badge. Prices are rupees, as the API speaks them.

export type DiscountTier = 'red' | 'orange' | 'yellow' | 'green';
export type DiscountBadge = { percent: number; tier: DiscountTier };

/** SPEC 9: 50 and above red, 30 and above orange, 20 and above yellow, otherwise green. */
export function discountTier(percent: number): DiscountTier {
  if (percent >= 50) return 'red';
  if (percent >= 30) return 'orange';
  if (percent >= 20) return 'yellow';
  return 'green';
}

/**
 * SPEC 9: (mrp - price) / mrp as a whole percent, rounded half up. Worked out in integer paise so
 * that ₹99 off ₹198 is exactly 50%, not 49.999…%. Null when there is no mrp or it is not above the
 * price; also null when the saving rounds to 0%, since a '0% off' badge promises nothing.
 */
export function discountBadge(product: { price: number; mrp?: number | null }): DiscountBadge | null {
  const { price, mrp } = product;
  if (mrp == null || !Number.isFinite(mrp) || !Number.isFinite(price) || price < 0) return null;
  const mrpPaise = toPaise(mrp);
  const pricePaise = toPaise(price);
  if (mrpPaise <= pricePaise) return null;
  const percent = Math.round(((mrpPaise - pricePaise) * 100) / mrpPaise);
  return percent > 0 ? { percent, tier: discountTier(percent) } : null;
}

// SPEC 9: a product without an mrp gets one from a discount chosen by its id.
export const SYNTHETIC_DISCOUNTS = [15, 20, 25, 30, 35, 40] as const;

/**
 * The mrp that puts `price` at the id's discount, rounded to the nearest whole rupee (so ₹100 at
 * 15% gives ₹118, whose badge reads 15%). The same id always gets the same discount.
 */
export function syntheticMrp(price: number, productId: number): number {
  const count = SYNTHETIC_DISCOUNTS.length;
  const discount = SYNTHETIC_DISCOUNTS[((productId % count) + count) % count] ?? SYNTHETIC_DISCOUNTS[0];
  return Math.round(price / (1 - discount / 100));
}
