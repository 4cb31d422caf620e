import { Link } from 'react-router';
import type { OrderRecord } from '../../shared/api/orders';
import { formatIndiaDate } from '../../shared/india-time';
import { formatInr, toPaise, toRupees } from '../../shared/money';
import { Button, buttonClass } from '../components/button';
import { PageMeta } from '../components/page-meta';
import { EmptyState, ErrorBanner } from '../components/status-message';
import { AccountEmail } from '../features/auth/account-email';
import { AccountPhone } from '../features/auth/account-phone';
import { useAuth } from '../features/auth/auth-provider';
import { BusinessDetailsForm } from '../features/auth/business-details';
import { YourData } from '../features/auth/your-data';
import { MessagesSection } from '../features/order-updates/messages-section';
import { CashOnDeliveryNote } from '../features/orders/cash-on-delivery-note';
import { expectedDeliveryHint } from '../features/orders/expected-delivery';
import { GiftNote } from '../features/orders/gift-note';
import { InvoiceDownload } from '../features/orders/invoice-download';
import { OrderItemList } from '../features/orders/order-item-list';
import { OrderStatusBadge } from '../features/orders/order-status-badge';
import { ExpandableOrderTimeline } from '../features/orders/order-timeline';
import { useMyOrders } from '../features/orders/orders-api';
import { PendingOrderActions } from '../features/orders/pending-order-actions';

function OrderCard({ order }: { order: OrderRecord }) {
  const hint = expectedDeliveryHint(order);
  // What approved returns have refunded (added in paise).
  const refundedPaise = order.returns
    // Decision 0066: a refund waiting for the items is not made yet.
    .filter((record) => record.status === 'approved' && record.refundReleasedAt !== null)
    .reduce((sum, record) => sum + toPaise(record.refundAmount), 0);
  const titleId = `order-${order.id}-title`;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
      >
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={titleId} className="font-bold text-stone-900">
              Order {order.orderNumber}
            </h2>
            <p className="text-sm text-stone-600">
              Placed on <time dateTime={order.createdAt}>{formatIndiaDate(order.createdAt)}</time>
            </p>
          </div>
          <OrderStatusBadge status={order.status} awaitingCodYes={order.awaitingCodYes} />
        </header>
        <OrderItemList items={order.items} />
        <CashOnDeliveryNote cod={order.cashOnDelivery} status={order.status} className="mb-3" />
        <GiftNote gift={order.gift} className="mb-3" />
        <div className="flex items-center justify-between border-t border-brand-100 pt-3">
          <span className="text-sm text-stone-700">Total</span>
          <span className="text-lg font-extrabold text-stone-900">{formatInr(order.totalAmount)}</span>
        </div>
        {refundedPaise > 0 && (
          <p className="mt-1 text-right text-sm font-semibold text-green-800">
            Refunded {formatInr(toRupees(refundedPaise))}
          </p>
        )}
        {hint && (
          <p className="mt-2 rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800">{hint}</p>
        )}
        <PendingOrderActions order={order} now={Date.now()} className="mt-3" />
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <ExpandableOrderTimeline events={order.events} orderNumber={order.orderNumber} />
          {order.invoiceNumber && (
            <InvoiceDownload
              orderId={order.id}
              orderNumber={order.orderNumber}
              invoiceNumber={order.invoiceNumber}
            />
          )}
          {order.isQuote && order.status === 'pending' && (
            <Link
              to={`/quote/${order.id}`}
              aria-label={`View and pay quote of order ${order.orderNumber}`}
              className={buttonClass('primary')}
            >
              View and pay quote
            </Link>
          )}
          <Link
            to={`/order-confirmation/${order.id}`}
            aria-label={`View details of order ${order.orderNumber}`}
            className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline"
          >
            View details
          </Link>
        </div>
      </article>
    </li>
  );
}

/**
 * While the shopper or the orders load: the room of a few order cards (and of the mobile number
 * card until the shopper is known), so nothing under them jumps down a screen when they arrive
 * (Core Web Vitals CLS).
 */
function OrdersSkeleton({ accountPending }: { accountPending: boolean }) {
  return (
    <>
      {accountPending && (
        <div aria-hidden="true" className="mt-4 h-40 animate-pulse rounded-xl bg-brand-100 sm:h-36" />
      )}
      <div role="status" aria-label="Loading your orders" className="mt-4 flex flex-col gap-4">
        {[0, 1, 2].map((placeholder) => (
          <div key={placeholder} className="h-72 animate-pulse rounded-2xl bg-brand-100" />
        ))}
      </div>
    </>
  );
}

/** SPEC 2 "My Orders". */
export function OrdersPage() {
  const auth = useAuth();
  const query = useMyOrders(auth.user?.id ?? null);

  const meta = (
    <>
      <PageMeta title="My Orders" description="Your orders and where they are." canonicalPath="/orders" />
      <meta name="robots" content="noindex" />
    </>
  );

  // A stored session still being checked is most likely a shopper: their page's frame is kept.
  const recognising = auth.user === null && auth.loading && auth.token !== null;
  if (!auth.user && !recognising) {
    return (
      <>
        {meta}
        <EmptyState
          title="Please log in to view your orders"
          action={
            <Link to="/login" state={{ from: '/orders' }} className={buttonClass('primary')}>
              Login
            </Link>
          }
        >
          Follow your orders from payment to delivery.
        </EmptyState>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-3xl">
      {meta}
      <h1 className="text-2xl font-extrabold text-stone-900">My Orders</h1>
      <AccountPhone />
      <AccountEmail />
      {!auth.user || query.isPending ? (
        <OrdersSkeleton accountPending={!auth.user} />
      ) : query.isError ? (
        <div className="mt-4 flex flex-col items-start gap-3">
          <ErrorBanner>We couldn't load your orders just now. Please try again.</ErrorBanner>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : query.data.length === 0 ? (
        <EmptyState
          title="No orders yet"
          action={
            <Link to="/products" className={buttonClass('primary', 'px-8')}>
              Shop Now
            </Link>
          }
        >
          Your orders will appear here once you place one.
        </EmptyState>
      ) : (
        <ul className="mt-4 flex flex-col gap-4">
          {query.data.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
      {auth.user && (
        // Mounted with the list so its details load alongside it, shown once the list is there: it
        // then appears under the list instead of being pushed down by it (CLS).
        <div hidden={query.isPending}>
          <MessagesSection userId={auth.user.id} />
          <BusinessDetailsForm userId={auth.user.id} />
          <YourData />
        </div>
      )}
    </div>
  );
}

export { OrdersPage as Component };
