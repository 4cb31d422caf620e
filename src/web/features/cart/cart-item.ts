import { DEFAULT_MIN_QUANTITY } from '../../../shared/cart-rules';
import { type Paise, toPaise, toRupees } from '../../../shared/money';
import { idFromSlug, productPath } from '../../../shared/slug';
import type { CartItem } from './stored-cart';

export type { CartItem } from './stored-cart';

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
