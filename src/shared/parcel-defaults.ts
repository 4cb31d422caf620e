// The parcel a category ships as. Without Zod, so the back office's product and category
// forms show it without loading Zod (docs/performance.md "JavaScript budget"); parcel.ts re-exports
// it, with the schema that checks a parcel (ParcelSize).

/** A parcel's weight and box size; the schema that checks one is `ParcelSize` in parcel.ts. */
export type ParcelSizeValue = { weightGrams: number; lengthCm: number; breadthCm: number; heightCm: number };

/**
 * The built-in typical packed unit of the seeded categories: what a category ships as until the
 * owner sets its parcel in the back office (`categories.parcel`).
 */
const CATEGORY_DEFAULTS: Readonly<Record<string, ParcelSizeValue>> = {
  'festive-hampers': { weightGrams: 1500, lengthCm: 35, breadthCm: 25, heightCm: 15 },
  'corporate-gifts': { weightGrams: 700, lengthCm: 30, breadthCm: 22, heightCm: 10 },
  'diwali-gifts': { weightGrams: 600, lengthCm: 25, breadthCm: 20, heightCm: 10 },
  'pooja-essentials': { weightGrams: 500, lengthCm: 22, breadthCm: 18, heightCm: 10 },
  housewarming: { weightGrams: 800, lengthCm: 30, breadthCm: 20, heightCm: 15 },
  'wedding-favours': { weightGrams: 250, lengthCm: 15, breadthCm: 12, heightCm: 8 },
  rakhi: { weightGrams: 100, lengthCm: 15, breadthCm: 10, heightCm: 3 },
};
const FALLBACK: ParcelSizeValue = { weightGrams: 300, lengthCm: 20, breadthCm: 15, heightCm: 10 };

export const defaultParcelFor = (categorySlug: string): ParcelSizeValue =>
  CATEGORY_DEFAULTS[categorySlug] ?? FALLBACK;

/** A category's parcel: the one its owner set, else the built-in one for its slug. */
export const categoryParcelOf = (category: {
  slug: string;
  parcel: ParcelSizeValue | null;
}): ParcelSizeValue => category.parcel ?? defaultParcelFor(category.slug);
