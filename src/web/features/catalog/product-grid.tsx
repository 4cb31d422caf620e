import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import type { Product } from '../../../shared/api/catalog';
import { Spinner } from '../../components/status-message';
import { ProductCard } from './product-card';

/** Cards added to the page at a time: a page of 1000 products is never rendered at once. */
export const REVEAL_STEP = 24;
/** Cards whose images load eagerly (the first rows on a phone); the first one's comes first. */
const EAGER_CARDS = 4;
/**
 * Cards rendered first, by the server too: a phone's first screen and a half (two columns), a
 * desktop's first two rows. The rest follow once the app runs (the sentinel is then near), so their
 * pictures do not download beside the first ones on a slow connection and delay their paint (LCP).
 */
export const FIRST_CARDS = 8;

/**
 * SPEC 4 listing: cards appear progressively as the shopper scrolls; once every loaded product is
 * shown and more pages exist, the next page is fetched. `resetKey` (the filters) starts over.
 */
export function ProductGrid({
  products,
  resetKey,
  hasMore,
  loadingMore,
  onLoadMore,
  renderActions,
  endMessage,
}: {
  products: readonly Product[];
  resetKey: string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  /** The cart controls slot of each card. */
  renderActions?: (product: Product) => ReactNode;
  endMessage: ReactNode;
}) {
  const [revealed, setRevealed] = useState({ key: resetKey, count: FIRST_CARDS });
  const count = revealed.key === resetKey ? revealed.count : FIRST_CARDS;
  const visible = products.slice(0, count);
  const moreLoaded = products.length > count;
  const sentinel = useRef<HTMLDivElement>(null);

  const showMore = () => {
    // A transition: React renders the new cards in slices that yield to the shopper's input.
    if (moreLoaded) startTransition(() => setRevealed({ key: resetKey, count: count + REVEAL_STEP }));
    else if (hasMore && !loadingMore) onLoadMore();
  };
  const showMoreRef = useRef(showMore);
  showMoreRef.current = showMore;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) showMoreRef.current();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, []);

  // A new batch may still leave the sentinel on screen (tall screens): keep filling.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checks after each batch renders
  useEffect(() => {
    const target = sentinel.current;
    if (!target || typeof window === 'undefined') return;
    const { top } = target.getBoundingClientRect();
    if (top > 0 && top < window.innerHeight + 800 && (moreLoaded || (hasMore && !loadingMore))) {
      showMoreRef.current();
    }
  }, [count, products.length, hasMore, loadingMore]);

  const finished = !moreLoaded && !hasMore;
  return (
    <div className="flex flex-col gap-6">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Products">
        {visible.map((product, index) => (
          <li key={product.id} className="flex">
            <div className="flex w-full flex-col">
              <ProductCard product={product} priority={index === 0} eager={index > 0 && index < EAGER_CARDS}>
                {renderActions?.(product)}
              </ProductCard>
            </div>
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
      <div className="flex justify-center">
        {loadingMore ? (
          <Spinner label="Loading more products" />
        ) : finished ? (
          <p className="text-center text-sm text-stone-600">{endMessage}</p>
        ) : (
          <button
            type="button"
            onClick={showMore}
            className="min-h-11 rounded-lg border border-brand-600 bg-white px-5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            Show more products
          </button>
        )}
      </div>
    </div>
  );
}
