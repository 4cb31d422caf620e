import { useState } from 'react';
import { Link } from 'react-router';
import type { WishlistItem } from '../../shared/api/wishlist';
import { formatIndiaDate } from '../../shared/india-time';
import { formatInr } from '../../shared/money';
import { Button, buttonClass } from '../components/button';
import { ConfirmDialog } from '../components/confirm-dialog';
import { GiftIcon } from '../components/icons';
import { PageMeta } from '../components/page-meta';
import { EmptyState, ErrorBanner, Spinner } from '../components/status-message';
import { useAuth } from '../features/auth/auth-provider';
import { AddToCartButton } from '../features/cart/add-to-cart-button';
import { useWishlist } from '../features/wishlist/wishlist-provider';

function ProductImage({ src, name }: { src: string; name: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className="flex h-24 w-24 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-600">
        <GiftIcon className="h-10 w-10" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={name}
      width={96}
      height={96}
      loading="lazy"
      onError={() => setFailed(true)}
      className="h-24 w-24 shrink-0 rounded-xl bg-brand-50 object-cover"
    />
  );
}

function WishlistEntry({ item }: { item: WishlistItem }) {
  const { remove, isPending } = useWishlist();
  const { product } = item;
  // SPEC 2: the link falls back to 'product-{id}' when a slug is missing.
  const slug = product.slug || `product-${product.id}`;
  return (
    <li className="flex gap-3 rounded-2xl border border-brand-100 bg-white p-3 shadow-sm">
      <ProductImage src={product.image} name={product.name} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link to={`/product/${slug}`} className="font-bold text-stone-900 hover:text-brand-700">
          {product.name}
        </Link>
        <p className="text-xs text-stone-600">
          {product.category} · Added on {formatIndiaDate(item.created_at)}
        </p>
        <p className="font-extrabold text-stone-900">
          {formatInr(product.price)}
          {product.mrp !== null && product.mrp > product.price && (
            <span className="ml-2 text-sm font-normal text-stone-500 line-through">
              {formatInr(product.mrp)}
            </span>
          )}
        </p>
        <div className="mt-1 flex flex-wrap items-start gap-2">
          <AddToCartButton product={product} quantity={product.minQuantity} className="min-w-36 flex-1" />
          <Button
            variant="ghost"
            aria-label={`Remove ${product.name} from wishlist`}
            disabled={isPending(product.id)}
            onClick={() => void remove(product.id)}
          >
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}

/** SPEC 2 "Wishlist". */
export function WishlistPage() {
  const auth = useAuth();
  const wishlist = useWishlist();
  const count = wishlist.wishlistCount;
  const [confirmingClear, setConfirmingClear] = useState(false);

  const meta = (
    <PageMeta title="My Wishlist" description="Gifts you saved for later." canonicalPath="/wishlist" />
  );

  if (!auth.user) {
    if (auth.loading) {
      return (
        <div className="py-16 text-center">
          {meta}
          <Spinner label="Loading your wishlist" />
        </div>
      );
    }
    return (
      <>
        {meta}
        <EmptyState
          title="Please login to view your wishlist"
          action={
            <Link to="/login" state={{ from: '/wishlist' }} className={buttonClass('primary')}>
              Login
            </Link>
          }
        >
          Save gifts you love and find them here on any device.
        </EmptyState>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-3xl">
      {meta}
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold text-stone-900">
          My Wishlist <span className="text-base font-semibold text-stone-600">({count})</span>
        </h1>
        {count > 0 && (
          <Button variant="secondary" onClick={() => setConfirmingClear(true)}>
            Clear All
          </Button>
        )}
        {/* SPEC 2 asks this before clearing; In the app's own dialog. */}
        <ConfirmDialog
          isOpen={confirmingClear}
          title="Clear wishlist"
          message="Are you sure you want to clear your entire wishlist?"
          confirmLabel="Clear All"
          onCancel={() => setConfirmingClear(false)}
          onConfirm={() => {
            setConfirmingClear(false);
            void wishlist.clear();
          }}
        />
      </div>

      {wishlist.loading ? (
        <div className="py-16 text-center">
          <Spinner label="Loading your wishlist" />
        </div>
      ) : wishlist.failed ? (
        <div className="mt-4 flex flex-col items-start gap-3">
          <ErrorBanner>We couldn't load your wishlist. Please try again.</ErrorBanner>
          <Button variant="secondary" onClick={wishlist.refetch}>
            Try again
          </Button>
        </div>
      ) : count === 0 ? (
        <EmptyState
          title="Your wishlist is empty"
          action={
            <Link to="/products" className={buttonClass('primary')}>
              Explore Products
            </Link>
          }
        >
          Tap the heart on any gift to save it here.
        </EmptyState>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {wishlist.wishlistItems.map((item) => (
            <WishlistEntry key={item.id} item={item} />
          ))}
        </ul>
      )}

      <div className="mt-6 text-center">
        <Link to="/products" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}

export { WishlistPage as Component };
