import { DEFAULT_MIN_QUANTITY } from '../../../shared/cart-rules';
import { lineAmountPaise, linesAmountPaise, toRupees } from '../../../shared/money';
import type { PersonalisationConfig, PersonalisationValues } from '../../../shared/personalisation-rules';
import type { QuantityTierValue } from '../../../shared/quantity-tier-rules';
import { idFromSlug, productPath } from '../../../shared/slug';
import type { CartItem } from './stored-cart';

export { type CartLineKey, cartLineKey } from './cart-line-key';
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
  /** What a shopper fills in on the product page before adding it. */
  personalisation?: PersonalisationConfig | null;
  /** Decision 0080: the product's quantity tiers; the one a line reaches is a discount charge. */
  quantityTiers?: readonly QuantityTierValue[] | null;
};

export const serializeCart = (items: readonly CartItem[]) => JSON.stringify({ items });

export function toCartItem(
  product: CartProduct,
  quantity: number,
  personalisation?: PersonalisationValues,
): CartItem {
  return {
    ...(personalisation && (Object.keys(personalisation.text).length > 0 || personalisation.photo)
      ? { personalisation }
      : {}),
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
    quantityTiers: (product.quantityTiers ?? []).map((tier) => ({
      minQuantity: tier.minQuantity,
      percentOff: tier.percentOff,
    })),
  };
}

/** The line's personalisation as label and value pairs, in the order the product asks for them. */
export const personalisationFieldsOf = (item: Pick<CartItem, 'personalisation'>) =>
  Object.entries(item.personalisation?.text ?? {}).map(([label, value]) => ({ label, value }));

/** The line's name for buttons and fields, told apart from the same product personalised otherwise. */
export const cartLineName = (item: Pick<CartItem, 'name' | 'personalisation'>) => {
  const texts = Object.values(item.personalisation?.text ?? {});
  if (texts.length > 0) return `${item.name} (${texts.join(', ')})`;
  return item.personalisation?.photo ? `${item.name} (with photo)` : item.name;
};

/** Money is summed in paise (DESIGN 4) so ₹0.10 + ₹0.20 never drifts. */
export const lineTotal = (item: Pick<CartItem, 'price' | 'quantity'>) => toRupees(lineAmountPaise(item));
export const cartSubtotal = (items: readonly Pick<CartItem, 'price' | 'quantity'>[]) =>
  toRupees(linesAmountPaise(items));
export const cartQuantity = (items: readonly Pick<CartItem, 'quantity'>[]) =>
  items.reduce((sum, item) => sum + item.quantity, 0);

/** A slug that carries the item's id links as it is; otherwise the link is built from the name. */
export const cartItemPath = (item: Pick<CartItem, 'id' | 'name' | 'slug'>) =>
  item.slug && idFromSlug(item.slug) === item.id ? `/product/${item.slug}` : productPath(item);
