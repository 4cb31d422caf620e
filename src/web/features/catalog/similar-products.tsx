import { useRef } from 'react';
import { Link } from 'react-router';
import type { Product } from '../../../shared/api/catalog';
import { categoryPath } from '../../../shared/slug';
import { useNearViewport } from '../../components/use-near-viewport';
import { useSimilarProducts } from './catalog-api';
import { ProductCard } from './product-card';

/**
 * "You may also like": in-stock gifts of the same category or collection. Like the
 * reviews, they load as the shopper scrolls towards them, so the page's first load does not grow.
 */
export function SimilarProducts({ product }: { product: Product }) {
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section, '300px');

  return (
    <section ref={section} aria-labelledby="similar-products-title" className="flex flex-col gap-4">
      <h2 id="similar-products-title" className="text-xl font-extrabold text-stone-900 sm:text-2xl">
        You may also like
      </h2>
      {/* The gifts' query starts with them: the server's render and the first hydration make none. */}
      {near ? <SimilarGifts product={product} /> : <LoadingGifts />}
    </section>
  );
}

function LoadingGifts() {
  return (
    <p role="status" className="text-sm text-stone-600">
      Loading gifts you may like…
    </p>
  );
}

function SimilarGifts({ product }: { product: Product }) {
  const similar = useSimilarProducts(product.id);
  if (similar.isPending) return <LoadingGifts />;
  if (similar.isError)
    return (
      <p className="text-sm text-stone-700">Could not load more gifts right now. Please try again later.</p>
    );
  if (similar.data.length === 0)
    return (
      <p className="text-sm text-stone-700">
        No similar gifts in stock right now.{' '}
        <Link to={categoryPath(product.categoryData)} className="font-semibold text-brand-700 underline">
          Browse {product.category}
        </Link>
      </p>
    );
  return (
    <ul
      aria-label="You may also like"
      // relative: the cards' visually hidden texts (absolutely placed) stay inside the scroller
      // instead of widening the page.
      className="relative -mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:px-0 lg:grid-cols-4"
    >
      {similar.data.map((shown) => (
        <li key={shown.id} className="flex w-40 shrink-0 snap-start sm:w-auto">
          <ProductCard product={shown} />
        </li>
      ))}
    </ul>
  );
}
