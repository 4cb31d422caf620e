import { MAX_QUANTITY } from './cart-rules';
import type { Paise } from './money';

// Quantity pricing tiers per product ("5% off from 25 units, 10% from 50"). They price the owner's
// bulk quotes, and an ordinary cart line within its 10 pieces (SPEC 5) as a discount charge of its
// own (decision 0080). The rules without Zod, so the product page can show tiers without loading
// it (docs/performance.md); the schemas are in quantity-pricing.ts.

export const TIER_MIN_QUANTITY = 2;
export const TIER_MAX_QUANTITY = 100_000;
export const TIER_MIN_PERCENT = 1;
export const TIER_MAX_PERCENT = 90;
export const MAX_TIERS = 5;

export const TIER_MESSAGES = {
  minQuantity: `A tier starts at ${TIER_MIN_QUANTITY} pieces or more`,
  maxQuantity: `A tier starts at ${TIER_MAX_QUANTITY.toLocaleString('en-IN')} pieces at most`,
  percent: `A tier's discount is ${TIER_MIN_PERCENT}% to ${TIER_MAX_PERCENT}%`,
  tooMany: `A product has at most ${MAX_TIERS} tiers`,
  ascending: 'Tiers go from the smallest quantity up, each with a bigger discount than the one before',
} as const;

/** A tier as stored and sent; the schema that checks one is `QuantityTier` in quantity-pricing.ts. */
export type QuantityTierValue = { minQuantity: number; percentOff: number };

/**
 * True when each tier starts at more pieces than the one before and gives more off: a bigger order
 * never costs more per piece, and no two tiers share a starting quantity.
 */
export const tiersAscend = (tiers: readonly QuantityTierValue[]) =>
  tiers.every(
    (tier, index) =>
      index === 0 ||
      (tier.minQuantity > (tiers[index - 1]?.minQuantity ?? 0) &&
        tier.percentOff > (tiers[index - 1]?.percentOff ?? 0)),
  );

/** The tier a quantity earns (the one with the highest starting quantity it reaches), or null. */
export function tierFor(tiers: readonly QuantityTierValue[], quantity: number): QuantityTierValue | null {
  let earned: QuantityTierValue | null = null;
  for (const tier of tiers) if (quantity >= tier.minQuantity) earned = tier;
  return earned;
}

/**
 * The unit price in paise for a quantity. The one rounding rule: a tier's unit price rounds down
 * to the whole paisa, so the customer never pays a fraction of a paisa more than the percent says.
 */
export function unitPricePaise(
  listPricePaise: Paise,
  tiers: readonly QuantityTierValue[],
  quantity: number,
): Paise {
  const tier = tierFor(tiers, quantity);
  if (!tier) return listPricePaise;
  return Math.floor((listPricePaise * (100 - tier.percentOff)) / 100);
}

/** "5% off from 25 pieces, 10% off from 50", as the product page and the quote show tiers. */
export function describeTiers(tiers: readonly QuantityTierValue[]): string {
  return tiers
    .map(
      (tier, index) =>
        `${tier.percentOff}% off from ${tier.minQuantity.toLocaleString('en-IN')}${index === 0 ? ' pieces' : ''}`,
    )
    .join(', ');
}

/**
 * Decision 0080: the tiers an ordinary cart line can reach (a line stops at MAX_QUANTITY, SPEC 5),
 * and the ones above it, which price bulk quotes only.
 */
export const cartTiers = (tiers: readonly QuantityTierValue[]) =>
  tiers.filter((tier) => tier.minQuantity <= MAX_QUANTITY);
export const bulkOnlyTiers = (tiers: readonly QuantityTierValue[]) =>
  tiers.filter((tier) => tier.minQuantity > MAX_QUANTITY);

/** '6+ pieces: 5% off', as the product page, the cart, the order and its slip name a tier. */
export const tierText = (tier: QuantityTierValue) =>
  `${tier.minQuantity.toLocaleString('en-IN')}+ pieces: ${tier.percentOff}% off`;

/**
 * Decision 0080: what a tier takes off a line of `quantity` pieces at the list price, in paise:
 * each piece's saving by the one rounding rule above, times the pieces. Null below the first tier.
 */
export function tierSaving(
  listPricePaise: Paise,
  tiers: readonly QuantityTierValue[],
  quantity: number,
): { tier: QuantityTierValue; savingPaise: Paise } | null {
  const tier = tierFor(tiers, quantity);
  if (!tier) return null;
  return { tier, savingPaise: (listPricePaise - unitPricePaise(listPricePaise, tiers, quantity)) * quantity };
}
