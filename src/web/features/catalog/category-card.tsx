import { Link } from 'react-router';
import type { Category } from '../../../shared/api/catalog';
import { categoryPath } from '../../../shared/slug';
import { CARD_IMAGE_SIZES, ProductImage } from './product-image';

/** A category tile linking to /category/{slug} (SPEC 2 'by occasion' grid and /categories). */
export function CategoryCard({ category, priority = false }: { category: Category; priority?: boolean }) {
  return (
    <Link
      to={categoryPath(category)}
      className="group flex flex-col overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <ProductImage
        src={category.image}
        alt=""
        priority={priority}
        sizes={CARD_IMAGE_SIZES}
        className="aspect-square w-full"
      />
      <span className="flex flex-col p-3">
        <span className="font-semibold text-stone-900 group-hover:text-brand-700">{category.name}</span>
        <span className="text-xs text-stone-600">
          {category.productCount.toLocaleString('en-IN')} {category.productCount === 1 ? 'gift' : 'gifts'}
        </span>
      </span>
    </Link>
  );
}
