import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product } from '../../../shared/api/catalog';
import { productPath } from '../../../shared/slug';
import { PriceTag } from './price-tag';
import { CARD_IMAGE_SIZES, ProductImage } from './product-image';

/** SPEC 9: a card shows 2 tags plus a count of the rest. */
export const CARD_TAGS_SHOWN = 2;

export function cardTags(tags: readonly string[]): { shown: string[]; more: number } {
  return { shown: tags.slice(0, CARD_TAGS_SHOWN), more: Math.max(0, tags.length - CARD_TAGS_SHOWN) };
}

/**
 * A listing card (SPEC 2): image, name, tags, price, mrp and discount badge. `children` is the
 * slot for the cart controls, which the page passes in (a feature never imports another).
 */
export function ProductCard({
  product,
  priority = false,
  eager = false,
  children,
}: {
  product: Product;
  /** True for the first card: its image is the page's main picture (LCP) and loads first. */
  priority?: boolean;
  /** True for the other cards above the fold: their images load at once, after the first. */
  eager?: boolean;
  children?: ReactNode;
}) {
  const { shown, more } = cardTags(product.tags);
  const path = productPath(product);
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm transition-shadow hover:shadow-md">
      <Link to={path} className="block" tabIndex={-1} aria-hidden="true">
        <ProductImage
          src={product.image}
          alt=""
          priority={priority}
          eager={eager}
          sizes={CARD_IMAGE_SIZES}
          className="aspect-square w-full"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="line-clamp-2 text-sm font-semibold text-stone-900 sm:text-base">
          <Link to={path} className="hover:text-brand-700">
            {product.name}
          </Link>
        </h3>
        {(shown.length > 0 || more > 0) && (
          <ul className="flex flex-wrap gap-1" aria-label="Tags">
            {shown.map((tag) => (
              <li
                key={tag}
                className="rounded-full bg-brand-50 px-2 py-0.5 text-[11px] font-medium text-brand-800"
              >
                {tag}
              </li>
            ))}
            {more > 0 && (
              <li className="rounded-full bg-stone-100 px-2 py-0.5 text-[11px] font-medium text-stone-600">
                <span aria-hidden="true">+{more}</span>
                <span className="sr-only">and {more} more</span>
              </li>
            )}
          </ul>
        )}
        <div className="mt-auto">
          <PriceTag product={product} />
        </div>
        {children}
      </div>
    </article>
  );
}
