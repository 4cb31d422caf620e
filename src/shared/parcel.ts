import { z } from 'zod';
import type { ParcelSizeValue } from './parcel-defaults';

// What a packed parcel weighs and measures, for the courier's booking and its price.
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

/** A box the owner packs in: its inside size and what it weighs empty. */
export type PackagingBox = ParcelSize & { name: string };

/**
 * Decision 0077: the boxes a store packs in until the owner lists their own (Settings, "Packaging
 * boxes"): a parcel goes in the smallest that holds its items.
 */
export const DEFAULT_PACKAGING_BOXES: readonly PackagingBox[] = [
  { name: 'Small box', lengthCm: 20, breadthCm: 15, heightCm: 12, weightGrams: 100 },
  { name: 'Medium box', lengthCm: 30, breadthCm: 25, heightCm: 15, weightGrams: 200 },
  { name: 'Large box', lengthCm: 40, breadthCm: 30, heightCm: 25, weightGrams: 350 },
  { name: 'Extra-large box', lengthCm: 50, breadthCm: 40, heightCm: 35, weightGrams: 500 },
];

/** Items fill at most this share of a box: they never pack without gaps. */
const BOX_FILL = 0.9;

export const PACKAGING_BOXES_MESSAGE =
  'Write one box a line as its name, inside size and empty weight, like "Small box: 20 x 15 x 12 cm, 100 g"';
const BOX_LINE =
  /^(.{1,40}?)\s*:\s*(\d{1,3})\s*[x×]\s*(\d{1,3})\s*[x×]\s*(\d{1,3})\s*cm\s*,\s*(\d{1,5})\s*g$/i;

/** The owner's packaging boxes as written in Settings (one a line, or ';' between them); null when a line is not one. */
export function parsePackagingBoxes(text: string): PackagingBox[] | null {
  const boxes: PackagingBox[] = [];
  for (const line of text.split(/\r?\n|;/).map((entry) => entry.trim())) {
    if (line === '') continue;
    const match = BOX_LINE.exec(line);
    if (!match) return null;
    const [, name, length, breadth, height, weight] = match;
    const box = {
      name: name!.trim(),
      lengthCm: Number(length),
      breadthCm: Number(breadth),
      heightCm: Number(height),
      weightGrams: Number(weight),
    };
    if (!ParcelSize.safeParse(box).success) return null;
    boxes.push(box);
  }
  return boxes;
}

/** The boxes as Settings writes them, one a line. */
export const packagingBoxesText = (boxes: readonly PackagingBox[]) =>
  boxes
    .map(
      (box) => `${box.name}: ${box.lengthCm} x ${box.breadthCm} x ${box.heightCm} cm, ${box.weightGrams} g`,
    )
    .join('\n');

/** The owner's "Packaging boxes" setting: checked line by line, kept as the text they wrote. */
export const PackagingBoxesText = z
  .string({ error: PACKAGING_BOXES_MESSAGE })
  .max(2000, 'The packaging boxes must be at most 2,000 characters')
  .refine((text) => parsePackagingBoxes(text) !== null, { message: PACKAGING_BOXES_MESSAGE });

const sidesOf = (size: ParcelSize) => [size.lengthCm, size.breadthCm, size.heightCm].sort((a, b) => b - a);
const volumeOf = (size: ParcelSize) => size.lengthCm * size.breadthCm * size.heightCm;

/** Whether every unit fits the box turned any way, and all of them together by volume. */
function holds(box: PackagingBox, lines: readonly { size: ParcelSize; quantity: number }[]): boolean {
  const boxSides = sidesOf(box);
  const itemsVolume = lines.reduce((sum, line) => sum + volumeOf(line.size) * line.quantity, 0);
  return (
    itemsVolume <= volumeOf(box) * BOX_FILL &&
    lines.every((line) => sidesOf(line.size).every((side, index) => side <= boxSides[index]!))
  );
}

/**
 * Decision 0077: the parcel of an order packed from its lines' packed units (a product's own box,
 * else its category's): one unit ships as it is packed; several go in the smallest of the owner's
 * boxes that holds them all, weighing the units plus the empty box. Items too big for every box go
 * as one stack: as long and wide as the
 * largest unit, the units' heights added (a generous rule couriers accept). Capped at the courier's
 * limits.
 */
export function parcelOfOrder(
  lines: readonly { size: ParcelSize; quantity: number }[],
  boxes: readonly PackagingBox[] = DEFAULT_PACKAGING_BOXES,
): ParcelSize {
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
  // One unit ships in its own box, as packed; several go together in one of the owner's boxes.
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const box =
    units > 1
      ? [...boxes].sort((a, b) => volumeOf(a) - volumeOf(b)).find((each) => holds(each, lines))
      : undefined;
  if (box) {
    return {
      weightGrams: Math.min(Math.max(weightGrams + box.weightGrams, 1), PARCEL_LIMITS.maxWeightGrams),
      lengthCm: box.lengthCm,
      breadthCm: box.breadthCm,
      heightCm: box.heightCm,
    };
  }
  return {
    weightGrams: Math.min(Math.max(weightGrams, 1), PARCEL_LIMITS.maxWeightGrams),
    lengthCm: Math.min(lengthCm, PARCEL_LIMITS.maxSideCm),
    breadthCm: Math.min(breadthCm, PARCEL_LIMITS.maxSideCm),
    heightCm: Math.min(Math.max(heightCm, 1), PARCEL_LIMITS.maxSideCm),
  };
}
