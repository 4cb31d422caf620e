import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CART_RESTORE_PARAM } from '../../shared/notification-links';
import { buttonClass } from '../components/button';
import { PageMeta } from '../components/page-meta';
import { EmptyState, Spinner } from '../components/status-message';
import { cartLineKey } from '../features/cart/cart-item';
import { CartLine } from '../features/cart/cart-line';
import { CartSummary } from '../features/cart/cart-summary';
import { useCartActions, useCartState } from '../features/cart/use-cart';
import { cartNoticeText, useCartCheck } from '../features/cart/use-cart-check';
import { restoreCart } from '../features/order-updates/order-updates-api';

type Restored =
  | { status: 'restoring' }
  | { status: 'done'; added: number; unavailable: string[] }
  | { status: 'failed'; message: string };

/**
 * A cart reminder's link (`/cart?restore=...`) puts that checkout's lines back, on any
 * device: the ones still sold, at today's prices; a line already in the cart is left as it is.
 */
function useRestoreFromLink() {
  const [params, setParams] = useSearchParams();
  const token = params.get(CART_RESTORE_PARAM);
  const { addItem } = useCartActions();
  const items = useCartState((state) => state.items);
  const [restored, setRestored] = useState<Restored | null>(null);
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token;
    setRestored({ status: 'restoring' });
    restoreCart(token).then(
      (answer) => {
        const present = new Set(items.map(cartLineKey));
        const fresh = answer.lines.filter(
          (line) => !present.has(cartLineKey({ id: line.product.id, personalisation: line.personalisation })),
        );
        for (const line of fresh) addItem(line.product, line.quantity, line.personalisation);
        setRestored({ status: 'done', added: fresh.length, unavailable: answer.unavailable });
        setParams({}, { replace: true });
      },
      (error: Error) =>
        setRestored({ status: 'failed', message: error.message || 'This link is not valid.' }),
    );
  }, [token, items, addItem, setParams]);
  return restored;
}

/** SPEC 2 "Cart": lines, totals, shipping info and the way to checkout. */
export function CartPage() {
  const items = useCartState((state) => state.items);
  const { refreshShipping } = useCartActions();
  const check = useCartCheck();
  const restored = useRestoreFromLink();

  // A shopper who logged in since the last change gets the server's quote now (SPEC 4).
  useEffect(() => refreshShipping(), [refreshShipping]);

  const removed = check.notices.filter((notice) => notice.kind === 'removed');
  const notesFor = (id: number) =>
    check.notices.filter((notice) => notice.id === id && notice.kind !== 'removed').map(cartNoticeText);

  return (
    <div className="mx-auto max-w-5xl">
      <PageMeta
        title="Your Cart"
        description="Review the gifts in your cart before checkout."
        canonicalPath="/cart"
      />
      <h1 className="text-2xl font-extrabold text-stone-900">Your Cart</h1>
      {restored?.status === 'restoring' && <Spinner label="Putting your items back" />}
      {restored?.status === 'done' && (
        <p
          role="status"
          className="mt-4 rounded-lg border border-brand-200 bg-brand-100 px-3 py-2 text-sm text-brand-800"
        >
          {restored.added === 1
            ? 'We put 1 item back in your cart.'
            : `We put ${restored.added} items back in your cart.`}
          {restored.unavailable.length > 0 && ` No longer available: ${restored.unavailable.join(', ')}.`}
        </p>
      )}
      {restored?.status === 'failed' && (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {restored.message}
        </p>
      )}

      {removed.length > 0 && (
        <div
          role="alert"
          className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <ul className="space-y-1">
            {removed.map((notice) => (
              <li key={notice.id}>
                {notice.name}: {cartNoticeText(notice)}.
              </li>
            ))}
          </ul>
        </div>
      )}
      {check.notices.some((notice) => notice.kind !== 'removed') && (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-brand-200 bg-brand-100 px-3 py-2 text-sm text-brand-800"
        >
          Some items changed since you added them. Please review them below.
        </p>
      )}
      {check.status === 'partial' && (
        <p
          role="status"
          className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          We could not confirm the latest prices just now. They are checked again when you place the order.
        </p>
      )}

      {items.length === 0 ? (
        <EmptyState
          title="Your cart is empty"
          action={
            <Link to="/products" className={buttonClass('primary', 'px-8')}>
              Shop Now
            </Link>
          }
        >
          Find return gifts and presents for every celebration.
        </EmptyState>
      ) : (
        <div className="mt-4 grid gap-4 md:grid-cols-[1fr_20rem] md:items-start">
          <section aria-label="Cart items">
            {check.status === 'checking' && (
              <p className="mb-2 flex items-center gap-2 text-sm text-stone-600">
                <Spinner label="Checking latest prices" />
                <span aria-hidden="true">Checking latest prices…</span>
              </p>
            )}
            <ul className="space-y-3">
              {items.map((item) => (
                <CartLine key={cartLineKey(item)} item={item} notes={notesFor(item.id)} />
              ))}
            </ul>
          </section>
          <div className="md:sticky md:top-20">
            <CartSummary />
            {/* Decision 0084: friends pay for this cart together; it is ordered when they have. */}
            <Link to="/group-gift/new" className={buttonClass('secondary', 'mt-3 w-full')}>
              Start a group gift
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}

export { CartPage as Component };
