import { type DiscountTier, discountBadge, syntheticMrp } from '../../../shared/discount';
import { formatInr } from '../../../shared/money';

// SPEC 9's colours in shades where white text keeps WCAG AA contrast (4.5:1).
const tierClass: Record<DiscountTier, string> = {
  red: 'bg-red-600 text-white',
  orange: 'bg-orange-700 text-white',
  yellow: 'bg-yellow-300 text-stone-900',
  green: 'bg-green-700 text-white',
};

/** SPEC 9: the mrp shown is the product's, or a synthetic one chosen by its id when it has none. */
export const displayMrp = (product: { id: number; price: number; mrp: number | null }) =>
  product.mrp ?? syntheticMrp(product.price, product.id);

export function DiscountBadge({
  price,
  mrp,
  className = '',
}: {
  price: number;
  mrp: number;
  className?: string;
}) {
  const badge = discountBadge({ price, mrp });
  if (!badge) return null;
  return (
    <span
      className={`inline-block rounded-md px-1.5 py-0.5 text-xs font-bold ${tierClass[badge.tier]} ${className}`}
    >
      {badge.percent}% OFF
    </span>
  );
}

/** Price, struck-through mrp and the discount badge (SPEC 2, SPEC 9). */
export function PriceTag({
  product,
  size = 'md',
}: {
  product: { id: number; price: number; mrp: number | null };
  size?: 'md' | 'lg';
}) {
  const mrp = displayMrp(product);
  const showMrp = mrp > product.price;
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className={`font-extrabold text-stone-900 ${size === 'lg' ? 'text-3xl' : 'text-lg'}`}>
        <span className="sr-only">Price </span>
        {formatInr(product.price)}
      </span>
      {showMrp && (
        <span className={`text-stone-500 line-through ${size === 'lg' ? 'text-lg' : 'text-sm'}`}>
          <span className="sr-only">MRP </span>
          {formatInr(mrp)}
        </span>
      )}
      <DiscountBadge price={product.price} mrp={mrp} />
    </div>
  );
}
