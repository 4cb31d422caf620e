import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useCartState } from './use-cart';

// The bar's code loads when it first shows: never for a shopper who has added nothing.
const CartBarPanel = lazy(() =>
  import('./cart-bar-panel').then((module) => ({ default: module.CartBarPanel })),
);

// The bar helps while browsing: home and the listings. The cart, checkout and payment pages show
// the cart themselves, and product pages have their own sticky bar (SPEC 2).
const BROWSING_PATHS = [
  /^\/$/,
  /^\/products\/?$/,
  /^\/category\/[^/]+\/?$/,
  /^\/categories\/?$/,
  /^\/collections\/?$/,
  /^\/collection\/[^/]+\/?$/,
  /^\/wishlist\/?$/,
];

export const showsCartBar = (path: string) => BROWSING_PATHS.some((pattern) => pattern.test(path));

export const itemCountLabel = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/** SPEC 2: sticky bottom cart bar with item count, total, View Cart and Checkout; hidden when empty. */
export function CartBar() {
  const { pathname } = useLocation();
  const itemCount = useCartState((state) => state.itemCount);
  const total = useCartState((state) => state.total);
  if (itemCount === 0 || !showsCartBar(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <CartBarPanel items={itemCountLabel(itemCount)} total={total} />
    </Suspense>
  );
}
