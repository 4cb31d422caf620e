import { z } from 'zod';
import { DEFAULT_MIN_QUANTITY, MAX_QUANTITY } from '../../../shared/cart-rules';
import { type Paise, toPaise, toRupees } from '../../../shared/money';
import { idFromSlug, productPath } from '../../../shared/slug';

// SPEC 3: storage key 'cart'.
export const CART_STORAGE_KEY = 'cart';

/** What the cart needs of a product; the catalogue's product type fits it structurally. */
export type CartProduct = {
  id: number;
  name: string;
  price: number;
  image?: string | null;
  category?: string | null;
  slug?: string | null;
  inStock?: boolean | null;
  allowPreOrder?: boolean | null;
  minQuantity?: number | null;
};

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
    const existing = items.findIndex((item) => item.id === line.data.id);
    if (existing === -1) items.push(line.data);
    else {
      const merged = items[existing]!;
      items[existing] = { ...merged, quantity: Math.min(merged.quantity + line.data.quantity, MAX_QUANTITY) };
    }
  }
  return items;
}

export const serializeCart = (items: readonly CartItem[]) => JSON.stringify({ items });

export function toCartItem(product: CartProduct, quantity: number): CartItem {
  return {
    id: product.id,
    name: product.name,
    slug: product.slug ?? undefined,
    image: product.image ?? '',
    price: product.price,
    category: product.category ?? '',
    quantity,
    inStock: product.inStock ?? true,
    allowPreOrder: product.allowPreOrder ?? false,
    minQuantity: Math.max(DEFAULT_MIN_QUANTITY, product.minQuantity ?? DEFAULT_MIN_QUANTITY),
  };
}

/** Money is summed in paise (DESIGN 4) so ₹0.10 + ₹0.20 never drifts. */
export const lineTotalPaise = (item: Pick<CartItem, 'price' | 'quantity'>): Paise =>
  toPaise(item.price) * item.quantity;
export const lineTotal = (item: Pick<CartItem, 'price' | 'quantity'>) => toRupees(lineTotalPaise(item));
export const cartSubtotal = (items: readonly Pick<CartItem, 'price' | 'quantity'>[]) =>
  toRupees(items.reduce((sum, item) => sum + lineTotalPaise(item), 0));
export const cartQuantity = (items: readonly Pick<CartItem, 'quantity'>[]) =>
  items.reduce((sum, item) => sum + item.quantity, 0);

/** A slug that carries the item's id links as it is; otherwise the link is built from the name. */
export const cartItemPath = (item: Pick<CartItem, 'id' | 'name' | 'slug'>) =>
  item.slug && idFromSlug(item.slug) === item.id ? `/product/${item.slug}` : productPath(item);
