import { Link } from 'react-router';
import { canAddToCart, clampQuantity, MAX_QUANTITY } from '../../../shared/cart-rules';
import { needsPersonalisation } from '../../../shared/personalisation-rules';
import { type CartProduct, cartItemPath } from './cart-item';
import { useCartActions, useCartQuantity } from './use-cart';

/** The smallest quantity a product is sold in (SPEC 3 minQuantity, default 1, at most 10). */
export const minQuantityOf = (product: Pick<CartProduct, 'minQuantity'>) =>
  clampQuantity(product.minQuantity ?? 1);

const stepButton =
  'flex h-10 w-10 items-center justify-center text-lg font-bold text-brand-700 hover:bg-brand-100 disabled:cursor-not-allowed disabled:text-stone-400 disabled:hover:bg-transparent';

/**
 * SPEC 4 cart controls of a listing card: 'Add' (or 'Add {min}') while the product is not in the
 * cart, else a stepper. Decreasing below minQuantity removes the line; increasing adds 1, up to 10.
 */
export function CartControls({ product, className = '' }: { product: CartProduct; className?: string }) {
  const quantity = useCartQuantity(product.id);
  const { addItem, removeItem, updateQuantity } = useCartActions();
  const min = minQuantityOf(product);
  const available = canAddToCart(product);

  if (quantity === 0) {
    // A name or photo is needed first, and only the product page asks for it.
    if (available && needsPersonalisation(product.personalisation)) {
      return (
        <Link
          to={cartItemPath({ id: product.id, name: product.name, slug: product.slug ?? undefined })}
          aria-label={`Personalise ${product.name}`}
          className={`flex min-h-10 w-full items-center justify-center rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white transition-colors hover:bg-brand-700 ${className}`}
        >
          Personalise
        </Link>
      );
    }
    if (!available) {
      return (
        <button
          type="button"
          disabled
          className={`min-h-10 w-full cursor-not-allowed rounded-lg bg-stone-200 px-3 text-sm font-semibold text-stone-600 ${className}`}
        >
          Out of Stock
        </button>
      );
    }
    return (
      <button
        type="button"
        // WCAG 2.5.3: the name starts with the visible words ('Add 3'), so voice control finds it.
        aria-label={min > 1 ? `Add ${min} ${product.name} to cart` : `Add ${product.name} to cart`}
        onClick={() => addItem(product, min)}
        className={`min-h-10 w-full rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white transition-colors hover:bg-brand-700 ${className}`}
      >
        {min > 1 ? `Add ${min}` : 'Add'}
      </button>
    );
  }

  return (
    <fieldset
      aria-label={`Quantity of ${product.name} in cart`}
      className={`flex min-h-10 w-full items-center justify-between overflow-hidden rounded-lg border-2 border-brand-600 bg-white ${className}`}
    >
      <button
        type="button"
        aria-label="Decrease quantity"
        className={stepButton}
        onClick={() =>
          quantity - 1 < min ? removeItem(product.id) : updateQuantity(product.id, quantity - 1)
        }
      >
        −
      </button>
      <output aria-live="polite" className="min-w-6 text-center font-bold text-stone-900">
        {quantity}
      </output>
      <button
        type="button"
        aria-label="Increase quantity"
        className={stepButton}
        disabled={quantity >= MAX_QUANTITY || !available}
        onClick={() => addItem(product)}
      >
        +
      </button>
    </fieldset>
  );
}
