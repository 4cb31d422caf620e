import { HeartIcon } from '../../components/icons';
import { useWishlist } from './wishlist-provider';

/**
 * SPEC 2 product detail "wishlist toggle": a pressed heart when the product is in the wishlist.
 * `withLabel` shows the accessible name as text too (for wide buttons).
 */
export function WishlistToggle({
  productId,
  withLabel = false,
  className = '',
}: {
  productId: number;
  withLabel?: boolean;
  className?: string;
}) {
  const { isInWishlist, isPending, toggle } = useWishlist();
  const active = isInWishlist(productId);
  const busy = isPending(productId);
  const name = active ? 'Remove from wishlist' : 'Add to wishlist';
  return (
    <button
      type="button"
      aria-pressed={active}
      aria-label={withLabel ? undefined : name}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) void toggle(productId);
      }}
      className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full border px-3 text-sm font-semibold transition-colors ${
        active
          ? 'border-festive-pink bg-pink-50 text-festive-pink'
          : 'border-stone-300 bg-white text-stone-700 hover:border-festive-pink hover:text-festive-pink'
      } ${busy ? 'opacity-60' : ''} ${className}`}
    >
      <HeartIcon className="h-5 w-5" fill={active ? 'currentColor' : 'none'} />
      {withLabel && <span>{name}</span>}
    </button>
  );
}
