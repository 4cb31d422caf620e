import { Link } from 'react-router';
import type { CollectionSummary } from '../../../shared/api/catalog';
import { collectionPath } from '../../../shared/slug';
import { CARD_IMAGE_SIZES, ProductImage } from './product-image';

/** A collection card linking to /collection/{name-slug}-{id} (SPEC 2). */
export function CollectionCard({
  collection,
  priority = false,
}: {
  collection: CollectionSummary;
  priority?: boolean;
}) {
  return (
    <Link
      to={collectionPath(collection)}
      className="group flex flex-col overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <ProductImage
        src={collection.image}
        alt=""
        priority={priority}
        sizes={CARD_IMAGE_SIZES}
        className="aspect-[4/3] w-full"
      />
      <span className="flex flex-col gap-1 p-3">
        <span className="font-bold text-stone-900 group-hover:text-brand-700">{collection.name}</span>
        {collection.description && (
          <span className="line-clamp-2 text-sm text-stone-600">{collection.description}</span>
        )}
        <span className="text-xs font-semibold text-brand-700">
          {collection.productCount > 0
            ? `${collection.productCount.toLocaleString('en-IN')} ${collection.productCount === 1 ? 'gift' : 'gifts'}`
            : 'Coming soon'}
        </span>
      </span>
    </Link>
  );
}
