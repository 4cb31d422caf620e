import { MAX_QUANTITY } from '../../../shared/cart-rules';
import type { PersonalisationValues } from '../../../shared/personalisation-rules';
import type { CartItem } from './cart-item';

// Decision 0069: Buy Now checks out that one line and leaves the cart as it is, for later. The line
// travels to checkout in the navigation's state (it survives a reload and Back), never in the cart.
export const BUY_NOW_NOTICE = 'Buying only this item. Your cart is kept.';

/** The state Buy Now hands to /checkout. */
export const buyNowState = (line: CartItem) => ({ buyNow: line });

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The line's personalisation as the product page wrote it; create-order checks it again. */
function personalisationOf(value: unknown): PersonalisationValues | undefined {
  if (!isObject(value) || !isObject(value.text)) return undefined;
  const text = Object.fromEntries(
    Object.entries(value.text).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return { text, photo: typeof value.photo === 'string' ? value.photo : null };
}

/** The line's quantity tiers as the product page had them; the server prices them again. */
const quantityTiersOf = (value: unknown) =>
  Array.isArray(value)
    ? value.flatMap((tier: unknown) =>
        isObject(tier) && Number.isInteger(tier.minQuantity) && Number.isInteger(tier.percentOff)
          ? [{ minQuantity: Number(tier.minQuantity), percentOff: Number(tier.percentOff) }]
          : [],
      )
    : [];

/**
 * The line Buy Now handed to checkout, or null (a plain visit: the whole cart). Read without Zod,
 * which checkout's first paint does without (docs/performance.md "JavaScript budget"): the state
 * is this app's own, so a shape check is enough, and anything else is the cart's checkout.
 */
export function readBuyNowLine(state: unknown): CartItem | null {
  if (!isObject(state) || !isObject(state.buyNow)) return null;
  const line = state.buyNow;
  const wholeNumber = (value: unknown, max = Number.MAX_SAFE_INTEGER): value is number =>
    typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max;
  if (
    !wholeNumber(line.id) ||
    typeof line.name !== 'string' ||
    typeof line.price !== 'number' ||
    !(line.price >= 0) ||
    !wholeNumber(line.quantity, MAX_QUANTITY) ||
    !wholeNumber(line.minQuantity) ||
    typeof line.inStock !== 'boolean' ||
    typeof line.allowPreOrder !== 'boolean'
  ) {
    return null;
  }
  const item: CartItem = {
    id: line.id,
    name: line.name,
    price: line.price,
    quantity: line.quantity,
    minQuantity: line.minQuantity,
    inStock: line.inStock,
    allowPreOrder: line.allowPreOrder,
    image: typeof line.image === 'string' ? line.image : '',
    category: typeof line.category === 'string' ? line.category : '',
    quantityTiers: quantityTiersOf(line.quantityTiers),
    ...(typeof line.slug === 'string' ? { slug: line.slug } : {}),
  };
  const personalisation = personalisationOf(line.personalisation);
  return personalisation ? { ...item, personalisation } : item;
}
