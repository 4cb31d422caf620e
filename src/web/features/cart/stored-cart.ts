import { z } from 'zod';
import { DEFAULT_MIN_QUANTITY, MAX_QUANTITY } from '../../../shared/cart-rules';
import { PersonalisationValues } from '../../../shared/personalisation';
import { QuantityTier } from '../../../shared/quantity-pricing';
import { cartLineKey } from './cart-line-key';

// The stored cart's schema, apart from cart-item.ts: it needs Zod, which loads only when there is a
// stored cart to read (use-cart.ts, docs/performance.md "JavaScript budget").

// Older stores kept ids as strings; a numeric string is still the same product.
const ProductId = z.union([
  z.number().int().positive(),
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().positive()),
]);

/**
 * SPEC 3 cart item: product fields plus quantity (and slug for links). Fields a stored cart of an
 * older version may lack get the spec's defaults; a line without id, name, price or quantity is
 * unusable and dropped.
 */
export const CartItem = z.object({
  id: ProductId,
  name: z.string().min(1),
  slug: z.string().optional().catch(undefined),
  image: z.string().catch(''),
  price: z.number().finite().nonnegative(),
  category: z.string().catch(''),
  quantity: z
    .number()
    .int()
    .min(1)
    .transform((quantity) => Math.min(quantity, MAX_QUANTITY)),
  inStock: z.boolean().catch(true),
  allowPreOrder: z.boolean().catch(false),
  minQuantity: z.number().int().min(1).catch(DEFAULT_MIN_QUANTITY),
  /** Decision 0080: the product's quantity tiers as last read; a cart of an older version has none. */
  quantityTiers: z.array(QuantityTier).catch([]),
  /**
   * What the shopper personalised the line with. Unreadable values drop the line rather
   * than turn it into a plain one the shopper did not ask for.
   */
  // A product spread into a line carries the API's `personalisation: null`: that is no values.
  personalisation: z.preprocess(
    (value) => (value === null ? undefined : value),
    PersonalisationValues.optional(),
  ),
});
export type CartItem = z.infer<typeof CartItem>;

/** The stored value: `{ items }`. Totals are never stored; they are computed from the lines. */
const StoredCart = z.object({ items: z.array(z.unknown()) });

/**
 * Reads a stored cart. Anything unreadable gives null (the caller resets storage); lines that are
 * individually broken are dropped and duplicate lines merged, so one bad line does not cost the
 * shopper the rest of the cart.
 */
export function parseStoredCart(raw: string | null): CartItem[] | null {
  if (raw === null) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const stored = StoredCart.safeParse(json);
  if (!stored.success) return null;
  const items: CartItem[] = [];
  for (const entry of stored.data.items) {
    const line = CartItem.safeParse(entry);
    if (!line.success) continue;
    const existing = items.findIndex((item) => cartLineKey(item) === cartLineKey(line.data));
    if (existing === -1) items.push(line.data);
    else {
      const merged = items[existing]!;
      items[existing] = { ...merged, quantity: Math.min(merged.quantity + line.data.quantity, MAX_QUANTITY) };
    }
  }
  return items;
}
