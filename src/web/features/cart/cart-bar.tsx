import { Link, useLocation } from 'react-router';
import { formatInr } from '../../../shared/money';
import { useCartState } from './use-cart';

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
    <>
      {/* Keeps the end of the page reachable above the fixed bar. */}
      <div aria-hidden="true" className="h-16" />
      <section
        aria-label="Cart summary"
        className="fixed inset-x-0 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] z-10 border-t border-brand-200 bg-white/95 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur md:bottom-0"
      >
        {/* On a wider screen the chat button docks in the right-hand padding (app/chat-button.tsx). */}
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-2 md:pr-20">
          <p className="flex flex-col leading-tight">
            <span className="text-xs font-semibold text-stone-600">{itemCountLabel(itemCount)}</span>
            <span className="text-lg font-extrabold text-stone-900">{formatInr(total)}</span>
          </p>
          <div className="flex gap-2">
            <Link
              to="/cart"
              className="inline-flex min-h-11 items-center whitespace-nowrap rounded-lg border border-brand-600 bg-white px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              View Cart
            </Link>
            <Link
              to="/checkout"
              className="inline-flex min-h-11 items-center whitespace-nowrap rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Checkout
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
