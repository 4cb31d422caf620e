import { useId, useState } from 'react';
import { Link } from 'react-router';
import { canAddToCart, MAX_QUANTITY } from '../../../shared/cart-rules';
import type { PersonalisationValues } from '../../../shared/personalisation-rules';
import { type CartProduct, cartLineKey } from './cart-item';
import { useCartActions, useCartQuantity } from './use-cart';

/**
 * The product page's 'Add to Cart' (SPEC 2): adds the quantity chosen on the page's own stepper.
 * Out of stock without pre-order: disabled (SPEC 4 "Product stock"). A personalised
 * product adds a line for these values, and stays disabled with the reason while they fall short.
 */
export function AddToCartButton({
  product,
  quantity,
  personalisation,
  blockedReason = null,
  className = '',
  onAdded,
}: {
  product: CartProduct;
  quantity: number;
  personalisation?: PersonalisationValues | undefined;
  blockedReason?: string | null;
  className?: string;
  /** After each tap that added it: the page offers the gift's add-ons (decision 0079). */
  onAdded?: () => void;
}) {
  const reasonId = useId();
  const inCart = useCartQuantity(cartLineKey({ id: product.id, personalisation }));
  const { addItem } = useCartActions();
  const [message, setMessage] = useState('');

  if (!canAddToCart(product)) {
    return (
      <button
        type="button"
        disabled
        className={`min-h-11 w-full cursor-not-allowed rounded-lg bg-stone-200 px-4 font-semibold text-stone-600 ${className}`}
      >
        Out of Stock
      </button>
    );
  }

  const full = inCart >= MAX_QUANTITY;
  const add = () => {
    const room = MAX_QUANTITY - inCart;
    addItem(product, quantity, personalisation);
    setMessage(
      quantity > room
        ? `Added ${room} (${MAX_QUANTITY} is the most per product)`
        : `Added ${quantity} to cart`,
    );
    onAdded?.();
  };

  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <button
        type="button"
        onClick={add}
        disabled={full || blockedReason !== null}
        aria-describedby={blockedReason ? reasonId : undefined}
        className="min-h-11 w-full rounded-lg bg-brand-600 px-4 font-semibold text-white transition-colors hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600"
      >
        Add to Cart
      </button>
      {blockedReason && (
        <p id={reasonId} className="text-xs font-semibold text-stone-700">
          {blockedReason}
        </p>
      )}
      {/* Compact: the product page also shows this in its mobile sticky bar. */}
      <p role="status" className="text-xs text-stone-700">
        {full ? `${MAX_QUANTITY} in cart, the most per product. ` : message && `${message}. `}
        {(full || message) && (
          <Link to="/cart" className="font-semibold text-brand-700 underline">
            View Cart
          </Link>
        )}
      </p>
    </div>
  );
}
