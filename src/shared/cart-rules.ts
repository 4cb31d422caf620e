// SPEC 5 and 9: quantity limits of the product page and the cart selector.
export const MAX_QUANTITY = 10;
export const DEFAULT_MIN_QUANTITY = 1;
// A cart line stops at 10 units (SPEC 5); bulk starts where a party's return gifts start.
export const BULK_MIN_QUANTITY = 20;

/** Why the stepper stops at 10, said beside it (decision 0080). */
export const CART_LIMIT_MESSAGE = `A cart takes up to ${MAX_QUANTITY} of one product.`;

/**
 * Decision 0080: the bulk enquiry, pre-filled with the product and the bulk minimum, where a
 * shopper who wants more than a cart takes is sent; the bulk page reads the same names.
 */
export const BULK_ENQUIRY_PARAMS = { product: 'product', quantity: 'quantity' } as const;
export const bulkEnquiryPath = (productName: string, quantity: number = BULK_MIN_QUANTITY) =>
  `/bulk-orders?${new URLSearchParams({
    [BULK_ENQUIRY_PARAMS.product]: productName,
    [BULK_ENQUIRY_PARAMS.quantity]: String(quantity),
  })}`;

// SPEC 9: the cart's server shipping quote is debounced.
export const SHIPPING_RECALC_DEBOUNCE_MS = 300;

/**
 * Keeps a quantity within [minQuantity, MAX_QUANTITY]. A minQuantity above the maximum is capped,
 * so the maximum always wins.
 */
export function clampQuantity(quantity: number, minQuantity: number = DEFAULT_MIN_QUANTITY): number {
  const wanted = Number.isFinite(minQuantity) ? Math.floor(minQuantity) : DEFAULT_MIN_QUANTITY;
  const min = Math.min(Math.max(wanted, DEFAULT_MIN_QUANTITY), MAX_QUANTITY);
  if (!Number.isFinite(quantity)) return min;
  return Math.min(Math.max(Math.floor(quantity), min), MAX_QUANTITY);
}

export type StockStatus = 'in_stock' | 'pre_order' | 'out_of_stock';

export const STOCK_STATUS_LABELS: Readonly<Record<StockStatus, string>> = {
  in_stock: 'In Stock',
  pre_order: 'Pre-Order',
  out_of_stock: 'Out of Stock',
};

export type StockFlags = { inStock?: boolean | null; allowPreOrder?: boolean | null };

/** SPEC 4 "Product stock": only an explicit `inStock: false` means out of stock. */
export function stockStatus(product: StockFlags): StockStatus {
  if (product.inStock !== false) return 'in_stock';
  return product.allowPreOrder === true ? 'pre_order' : 'out_of_stock';
}

/** SPEC 4: out of stock without pre-order disables Add to Cart. */
export const canAddToCart = (product: StockFlags): boolean => stockStatus(product) !== 'out_of_stock';

/** A cart holding a line that can no longer be bought goes no further, in the cart or at checkout. */
export const REMOVE_OUT_OF_STOCK_MESSAGE = 'Remove out-of-stock items to continue to checkout.';
