import { Link } from 'react-router';
import { formatInr } from '../../../shared/money';

/** SPEC 2: the sticky bottom cart bar (cart-bar.tsx shows it): item count, total, View Cart and Checkout. */
export function CartBarPanel({ items, total }: { items: string; total: number }) {
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
            <span className="text-xs font-semibold text-stone-600">{items}</span>
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
