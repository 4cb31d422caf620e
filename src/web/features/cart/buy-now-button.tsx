import { useNavigate } from 'react-router';
import { canAddToCart } from '../../../shared/cart-rules';
import type { PersonalisationValues } from '../../../shared/personalisation-rules';
import { type CartProduct, cartLineKey } from './cart-item';
import { useCartActions, useCartQuantity } from './use-cart';

/**
 * Issue 25: 'Buy Now' puts the chosen quantity (and personalisation) in the cart and goes straight
 * to checkout, which asks a guest to log in (SPEC 2 "Checkout"). A line already in the cart is
 * brought up to the chosen quantity, never added twice: Add to Cart then Buy Now buys one lot.
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
  const inCart = useCartQuantity(cartLineKey({ id: product.id, personalisation }));
  const { addItem } = useCartActions();
  if (!canAddToCart(product)) return null;

  const buy = () => {
    if (inCart < quantity) addItem(product, quantity - inCart, personalisation);
    navigate('/checkout');
  };

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
