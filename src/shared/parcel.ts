import { z } from 'zod';
import type { ParcelSizeValue } from './parcel-defaults';

// Issue 24: what a packed parcel weighs and measures, for the courier's booking and its price.
// The categories' default parcels are in parcel-defaults.ts (Zod-free, for the back office's forms).
export { categoryParcelOf, defaultParcelFor } from './parcel-defaults';

export const PARCEL_LIMITS = { maxWeightGrams: 50_000, maxSideCm: 200 } as const;

const WEIGHT_RULE = `Enter the weight in whole grams, 1 to ${PARCEL_LIMITS.maxWeightGrams.toLocaleString('en-IN')}`;
const side = (name: string) => {
  const rule = `Enter the ${name} in whole centimetres, 1 to ${PARCEL_LIMITS.maxSideCm}`;
  return z.number(rule).int(rule).min(1, rule).max(PARCEL_LIMITS.maxSideCm, rule);
};

/**
 * A parcel's weight and size within what couriers take: the one rule for a product's own figures
 * and for the parcel the owner confirms or corrects when booking the courier.
 */
export const ParcelSize = z.object({
  weightGrams: z
    .number(WEIGHT_RULE)
    .int(WEIGHT_RULE)
    .min(1, WEIGHT_RULE)
    .max(PARCEL_LIMITS.maxWeightGrams, WEIGHT_RULE),
  lengthCm: side('length'),
  breadthCm: side('breadth'),
  heightCm: side('height'),
}) satisfies z.ZodType<ParcelSizeValue>;
export type ParcelSize = z.infer<typeof ParcelSize>;

/** The admin product form's parcel fields (empty = the category's default). */
export const ProductParcelFields = z.object({
  weightGrams: ParcelSize.shape.weightGrams.nullable(),
  lengthCm: ParcelSize.shape.lengthCm.nullable(),
  breadthCm: ParcelSize.shape.breadthCm.nullable(),
  heightCm: ParcelSize.shape.heightCm.nullable(),
});
export type ProductParcelFields = z.infer<typeof ProductParcelFields>;

/** A product's own figures where set, else its category's parcel (`categoryParcelOf`). */
export function parcelOfProduct(
  product: {
    weightGrams: number | null;
    lengthCm: number | null;
    breadthCm: number | null;
    heightCm: number | null;
  },
  fallback: ParcelSize,
): ParcelSize {
  return {
    weightGrams: product.weightGrams ?? fallback.weightGrams,
    lengthCm: product.lengthCm ?? fallback.lengthCm,
    breadthCm: product.breadthCm ?? fallback.breadthCm,
    heightCm: product.heightCm ?? fallback.heightCm,
  };
}

/**
 * One box for the whole order: the weights add up, the box is as long and wide as the largest
 * unit and the units stack in height (a simple, slightly generous rule couriers accept), capped at
 * the courier's limits.
 */
export function parcelOfOrder(lines: readonly { size: ParcelSize; quantity: number }[]): ParcelSize {
  let weightGrams = 0;
  let lengthCm = 1;
  let breadthCm = 1;
  let heightCm = 0;
  for (const { size, quantity } of lines) {
    weightGrams += size.weightGrams * quantity;
    lengthCm = Math.max(lengthCm, size.lengthCm);
    breadthCm = Math.max(breadthCm, size.breadthCm);
    heightCm += size.heightCm * quantity;
  }
  return {
    weightGrams: Math.min(Math.max(weightGrams, 1), PARCEL_LIMITS.maxWeightGrams),
    lengthCm: Math.min(lengthCm, PARCEL_LIMITS.maxSideCm),
    breadthCm: Math.min(breadthCm, PARCEL_LIMITS.maxSideCm),
    heightCm: Math.min(Math.max(heightCm, 1), PARCEL_LIMITS.maxSideCm),
  };
}
