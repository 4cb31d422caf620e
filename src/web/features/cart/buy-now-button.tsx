import { useNavigate } from 'react-router';
import { canAddToCart } from '../../../shared/cart-rules';
import type { PersonalisationValues } from '../../../shared/personalisation-rules';
import { buyNowState } from './buy-now';
import { type CartProduct, toCartItem } from './cart-item';

/**
 * 'Buy Now' goes straight to checkout with the chosen quantity (and personalisation) of this item
 * alone, and leaves the cart as it is, for later (decision 0069); checkout asks a guest to log in
 * (SPEC 2 "Checkout").
 */
export function BuyNowButton({
  product,
  quantity,
  personalisation,
  blockedReason = null,
  className = '',
}: {
  product: CartProduct;
  quantity: number;
  personalisation?: PersonalisationValues | undefined;
  blockedReason?: string | null;
  className?: string;
}) {
  const navigate = useNavigate();
  if (!canAddToCart(product)) return null;

  const buy = () =>
    navigate('/checkout', { state: buyNowState(toCartItem(product, quantity, personalisation)) });

  return (
    <button
      type="button"
      onClick={buy}
      disabled={blockedReason !== null}
      className={`min-h-11 w-full rounded-lg bg-festive-pink px-4 font-semibold text-white transition-colors hover:bg-pink-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600 ${className}`}
    >
      Buy Now
    </button>
  );
}
