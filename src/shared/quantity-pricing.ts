import { z } from 'zod';
import {
  MAX_TIERS,
  type QuantityTierValue,
  TIER_MAX_PERCENT,
  TIER_MAX_QUANTITY,
  TIER_MESSAGES,
  TIER_MIN_PERCENT,
  TIER_MIN_QUANTITY,
  tiersAscend,
} from './quantity-tier-rules';

// The back office's form and the server parse quantity tiers with these schemas; the rules
// themselves are in quantity-tier-rules.ts, re-exported here.
export * from './quantity-tier-rules';

const wholeNumber = (label: string) =>
  z.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`);

export const QuantityTier = z.object({
  minQuantity: wholeNumber('The tier quantity')
    .min(TIER_MIN_QUANTITY, TIER_MESSAGES.minQuantity)
    .max(TIER_MAX_QUANTITY, TIER_MESSAGES.maxQuantity),
  percentOff: wholeNumber('The tier discount')
    .min(TIER_MIN_PERCENT, TIER_MESSAGES.percent)
    .max(TIER_MAX_PERCENT, TIER_MESSAGES.percent),
}) satisfies z.ZodType<QuantityTierValue>;
/** One shape, named once in quantity-tier-rules.ts; the schema above is checked against it. */
export type QuantityTier = QuantityTierValue;

export const QuantityTiers = z
  .array(QuantityTier)
  .max(MAX_TIERS, TIER_MESSAGES.tooMany)
  .refine(tiersAscend, TIER_MESSAGES.ascending);
export type QuantityTiers = z.infer<typeof QuantityTiers>;
