import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Quote } from '../../shared/api/quotes';
import { QUOTE_MESSAGES } from '../../shared/api/quotes-rules';
import { displayName } from '../../shared/auth-rules';
import { arrivalPhrase } from '../../shared/delivery-rules';
import { formatIndiaDateTime } from '../../shared/india-time';
import { formatInr } from '../../shared/money';
import { ApiError } from '../api/client';
import { Button, buttonClass } from '../components/button';
import { PageMeta } from '../components/page-meta';
import { PostalAddress } from '../components/postal-address';
import { QuoteLines } from '../components/quote-lines';
import { EmptyState, ErrorBanner, Spinner } from '../components/status-message';
import { useAuth } from '../features/auth/auth-provider';
import { ProcessingOverlay } from '../features/payment/processing-overlay';
import { preloadCheckoutScript, usePaymentWindow } from '../features/payment/use-payment-window';
import { startQuotePayment, useQuote } from '../features/quotes/quotes-api';

const meta = (
  <>
    <PageMeta title="Your quote" description="Your bulk order quote." />
    <meta name="robots" content="noindex" />
  </>
);

function QuotePayment({ quote, accessKey }: { quote: Quote; accessKey: string | null }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => preloadCheckoutScript(), []);

  const startOrder = useCallback(async () => {
    try {
      return await startQuotePayment(quote.orderId, accessKey);
    } catch (error) {
      // Paid or expired meanwhile: show the page's own words for it.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: ['quote', quote.orderId] });
      }
      throw error;
    }
  }, [quote.orderId, accessKey, queryClient]);
  const onPaid = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
    navigate(`/order-confirmation/${quote.orderId}`, { replace: true, state: { paymentSuccess: true } });
  }, [navigate, queryClient, quote.orderId]);
  const payer = useMemo(
    () => ({ name: displayName(user), email: user?.email ?? '', contact: quote.shippingAddress.phone }),
    [user, quote.shippingAddress.phone],
  );
  const { phase, message, pay } = usePaymentWindow({ startOrder, payer, onPaid });

  return (
    <div className="flex flex-col gap-3">
      {message && <ErrorBanner>{message}</ErrorBanner>}
      <Button onClick={() => void pay()} disabled={phase !== 'idle'} className="w-full py-3 text-base">
        {phase === 'creating' ? 'Initiating Payment...' : `Pay ${formatInr(quote.total)}`}
      </Button>
      <p className="text-center text-sm text-stone-600">
        Pay securely with cards, UPI, Net Banking, and wallets
      </p>
      {phase === 'verifying' && <ProcessingOverlay />}
    </div>
  );
}

/** Why a quote cannot be paid any more, said plainly, with the way on. */
function ClosedQuote({ quote }: { quote: Quote }) {
  if (quote.state === 'paid') {
    return (
      <div className="flex flex-col gap-3 rounded-xl border border-green-200 bg-green-50 p-4">
        <p role="status" className="font-semibold text-green-800">
          {QUOTE_MESSAGES.alreadyPaid}
        </p>
        <Link to={`/order-confirmation/${quote.orderId}`} className={buttonClass('primary')}>
          View your order
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ErrorBanner>
        {quote.state === 'expired' ? QUOTE_MESSAGES.expired : QUOTE_MESSAGES.cancelled}
      </ErrorBanner>
      <Link to="/bulk-orders" className={buttonClass('secondary')}>
        Ask for a new quote
      </Link>
    </div>
  );
}

/** Signing in (or registering) to pay a quote opened by its link before having an account. */
function SignInToPay({ quote, returnTo }: { quote: Quote; returnTo: string }) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-brand-100 bg-white p-4">
      <p className="text-stone-800">
        To pay {formatInr(quote.total)}, sign in or register
        {quote.customerEmail ? (
          <>
            {' '}
            with <strong className="break-all">{quote.customerEmail}</strong>
          </>
        ) : null}
        , the address this quote was sent to.
      </p>
      <Link to="/login" state={{ from: returnTo }} className={buttonClass('primary')}>
        Sign in to pay
      </Link>
      <Link to="/register" state={{ from: returnTo }} className={buttonClass('secondary')}>
        Register
      </Link>
    </div>
  );
}

/** A bulk quote's payable link; Its key opens it before the customer has an account. */
export function QuotePage() {
  const { orderId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const accessKey = searchParams.get('key');
  const auth = useAuth();
  const query = useQuote(
    orderId,
    accessKey,
    auth.user !== null,
    !auth.loading && (auth.user !== null || accessKey !== null),
  );
  const returnTo = `/quote/${orderId}${accessKey ? `?key=${encodeURIComponent(accessKey)}` : ''}`;

  if (auth.loading) {
    return (
      <div className="py-16 text-center">
        {meta}
        <Spinner label="Loading your quote" />
      </div>
    );
  }
  if (!auth.user && !accessKey) {
    return (
      <>
        {meta}
        <EmptyState
          title="Please log in to view your quote"
          action={
            <Link to="/login" state={{ from: returnTo }} className={buttonClass('primary')}>
              Login
            </Link>
          }
        >
          Sign in with the e-mail address the quote was sent to.
        </EmptyState>
      </>
    );
  }

  if (query.isPending) {
    return (
      <div className="py-16 text-center">
        {meta}
        <Spinner label="Loading your quote" />
      </div>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl">
        {meta}
        {missing ? (
          <EmptyState
            title="Quote not found"
            action={
              <Link to="/bulk-orders" className={buttonClass('primary')}>
                Ask for a bulk quote
              </Link>
            }
          >
            We couldn't find this quote. Please check the link in your e-mail and sign in with the address it
            was sent to.
          </EmptyState>
        ) : (
          <div className="mt-4 flex flex-col items-start gap-3">
            <ErrorBanner>We couldn't load your quote just now. Please try again.</ErrorBanner>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        )}
      </div>
    );
  }

  const quote = query.data;
  return (
    <div className="mx-auto max-w-5xl">
      {meta}
      <h1 className="text-2xl font-extrabold text-stone-900">Your quote {quote.orderNumber}</h1>
      {quote.state === 'open' && quote.expiresAt && (
        <p className="mt-1 text-stone-700">
          Prices and stock are held for you until {formatIndiaDateTime(quote.expiresAt)}.
        </p>
      )}
      <div className="mt-4 grid gap-4 md:grid-cols-[1fr_22rem] md:items-start">
        <div className="flex flex-col gap-4">
          <section aria-labelledby="quote-items" className="rounded-2xl border border-brand-100 bg-white p-4">
            <h2 id="quote-items" className="mb-3 text-lg font-bold text-stone-900">
              Items with bulk prices
            </h2>
            <QuoteLines {...quote} />
          </section>
          <section
            aria-labelledby="quote-address"
            className="rounded-2xl border border-brand-100 bg-white p-4"
          >
            <h2 id="quote-address" className="mb-2 text-lg font-bold text-stone-900">
              Shipping Address
            </h2>
            <PostalAddress address={quote.shippingAddress} />
            {quote.deliveryEstimate && (
              <p className="mt-2 text-sm text-stone-700">
                Delivery {arrivalPhrase(quote.deliveryEstimate.days)}
                {quote.deliveryEstimate.city ? ` to ${quote.deliveryEstimate.city}` : ''} after payment
              </p>
            )}
          </section>
        </div>
        <div className="md:sticky md:top-20">
          {quote.state !== 'open' ? (
            <ClosedQuote quote={quote} />
          ) : auth.user ? (
            <QuotePayment quote={quote} accessKey={accessKey} />
          ) : (
            <SignInToPay quote={quote} returnTo={returnTo} />
          )}
        </div>
      </div>
    </div>
  );
}

export { QuotePage as Component };
