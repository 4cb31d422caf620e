import { useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { useHydrated } from '../../components/use-hydrated';
import { catalogKeys, fetchProduct } from './catalog-api';
import { ProductCard } from './product-card';
import { forgetRecentlyViewed, readRecentlyViewed } from './recently-viewed';

/** Cards in the row: one swipe's worth on a phone, two rows' worth of a desktop grid. */
export const RECENTLY_VIEWED_SHOWN = 6;

const NONE: number[] = [];

/**
 * The products this browser opened lately, read fresh from the catalogue (the same cached
 * query as the product page, so opening one is instant). Nothing is shown until there is something
 * to show: the row is a convenience, never an empty box or an error on someone's first visit.
 */
export function RecentlyViewedRow({ excludeId }: { excludeId?: number }) {
  // Read once per page: the product being viewed right now is recorded after this row mounts.
  const [stored] = useState(() =>
    readRecentlyViewed()
      .filter((id) => id !== excludeId)
      .slice(0, RECENTLY_VIEWED_SHOWN),
  );
  // The server knows nothing of this browser: hydration starts from no row, then shows it.
  const ids = useHydrated() ? stored : NONE;
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: catalogKeys.product(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchProduct(id, signal),
      retry: false,
    })),
  });

  const goneKey = ids
    .filter((_, index) => {
      const error = results[index]?.error;
      return error instanceof ApiError && error.status === 404;
    })
    .join(',');
  useEffect(() => {
    if (goneKey) forgetRecentlyViewed(goneKey.split(',').map(Number));
  }, [goneKey]);

  const products = results.flatMap((result) => (result.data ? [result.data] : []));
  const loading = results.some((result) => result.isPending);
  if (ids.length === 0 || (!loading && products.length === 0)) return null;

  return (
    <section aria-labelledby="recently-viewed-title" className="flex flex-col gap-4">
      <h2 id="recently-viewed-title" className="text-xl font-extrabold text-stone-900 sm:text-2xl">
        Recently viewed
      </h2>
      {loading && products.length === 0 ? (
        <p role="status" className="text-sm text-stone-600">
          Loading recently viewed products…
        </p>
      ) : (
        <ul
          aria-label="Recently viewed products"
          className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:px-0 lg:grid-cols-6"
        >
          {products.map((product) => (
            <li key={product.id} className="flex w-40 shrink-0 snap-start sm:w-auto">
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
