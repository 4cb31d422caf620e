import { useQueryClient } from '@tanstack/react-query';
import type { Product } from '../../shared/api/catalog';
import { useHydrated } from '../components/use-hydrated';
import { useAuth } from '../features/auth/auth-provider';
import { catalogKeys } from '../features/catalog/catalog-api';
import { RecentlyViewedRow } from '../features/catalog/recently-viewed-row';
import { SimilarProducts } from '../features/catalog/similar-products';
import { ProductReviews } from '../features/reviews/product-reviews';

/**
 * The product page's sections below the first screen: reviews, similar gifts, recently viewed. Its
 * own chunk, which the browser asks for only when the shopper comes near them (decision 0083,
 * deferred-below-fold.tsx). It reads the session and the query client itself, so the page passes it
 * nothing that changes while the server's markup of it waits for this code.
 */
export function ProductBelowFold({ product }: { product: Product }) {
  const { user } = useAuth();
  // The server wrote these sections for a guest, and React hydrates them when their code arrives,
  // after the session is known: read as signed in at once, the reviews' prompt would differ from
  // the server's markup and React would draw the sections again in place of it, under the
  // shopper's thumb. As everywhere, browser-only state shows from the render after hydration.
  const signedIn = useHydrated() && user !== null;
  const queryClient = useQueryClient();
  return (
    <>
      <div className="mt-6">
        <ProductReviews
          productId={product.id}
          signedIn={signedIn}
          // A new review changes the product's average and count shown above and in its JSON-LD.
          onReviewed={() => void queryClient.invalidateQueries({ queryKey: catalogKeys.product(product.id) })}
        />
      </div>
      <div className="mt-10">
        <SimilarProducts product={product} />
      </div>
      <div className="mt-10">
        <RecentlyViewedRow excludeId={product.id} />
      </div>
    </>
  );
}
