import { stockStatus } from '../../../shared/cart-rules';
import { type PersonalisationValues, personalisationKey } from '../../../shared/personalisation-rules';
import type { QuantityTierValue } from '../../../shared/quantity-tier-rules';
import type { AnalyticsItem } from '../../analytics';

/**
 * A cart line as checkout reads it (SPEC 3 cart item). The page hands the cart's lines in; this
 * feature does not reach into the cart itself.
 */
export type CheckoutLine = {
  id: number;
  name: string;
  image: string;
  price: number;
  quantity: number;
  category: string;
  inStock: boolean;
  allowPreOrder: boolean;
  minQuantity: number;
  /** What the shopper personalised the line with. */
  personalisation?: PersonalisationValues | undefined;
  /** Decision 0080: the product's quantity tiers; the one the line reaches is a discount charge. */
  quantityTiers?: readonly QuantityTierValue[];
};

/** A line's identity: the same product personalised twice is two lines. */
export const checkoutLineKey = (line: Pick<CheckoutLine, 'id' | 'personalisation'>) =>
  `${line.id}|${personalisationKey(line.personalisation)}`;

/** The line's personalisation as label and value pairs, in the order the product asks for them. */
export const checkoutLineFields = (line: Pick<CheckoutLine, 'personalisation'>) =>
  Object.entries(line.personalisation?.text ?? {}).map(([label, value]) => ({ label, value }));

/** SPEC 2: the 'Pre-Order' badge is for lines out of stock with pre-order allowed. */
export const isPreOrderLine = (line: Pick<CheckoutLine, 'inStock' | 'allowPreOrder'>) =>
  stockStatus(line) === 'pre_order';

export const unitCount = (lines: readonly Pick<CheckoutLine, 'quantity'>[]) =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

/** SPEC 2 "item count (item/items)". */
export const itemCountText = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/** GA4 items of begin_checkout and purchase, in INR (DESIGN 4). */
export const analyticsItemsOf = (lines: readonly CheckoutLine[]): AnalyticsItem[] =>
  lines.map((line) => ({
    item_id: String(line.id),
    item_name: line.name,
    item_category: line.category || undefined,
    price: line.price,
    quantity: line.quantity,
  }));
