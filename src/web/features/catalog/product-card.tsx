import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product } from '../../../shared/api/catalog';
import { tagWords } from '../../../shared/gift-finder';
import { productPath } from '../../../shared/slug';
import { PriceTag } from './price-tag';
import { CARD_IMAGE_SIZES, ProductImage } from './product-image';

/**
 * A card shows its first 2 tags, as words ("Baby shower", not "baby-shower"); the count of the
 * rest ("+2") said nothing a shopper could use (decision 0070).
 */
export const CARD_TAGS_SHOWN = 2;

export const cardTags = (tags: readonly string[]): string[] => tags.slice(0, CARD_TAGS_SHOWN).map(tagWords);

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
  const shown = cardTags(product.tags);
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
        {/* Decision 0070: three lines before the cut, so a name's variant ('…, Marigold') shows. */}
        <h3 className="line-clamp-3 text-sm font-semibold text-stone-900 sm:text-base">
          <Link to={path} className="hover:text-brand-700">
            {product.name}
          </Link>
        </h3>
        {shown.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label="Tags">
            {shown.map((tag) => (
              <li
                key={tag}
                className="rounded-full bg-brand-50 px-2 py-0.5 text-[11px] font-medium text-brand-800"
              >
                {tag}
              </li>
            ))}
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
