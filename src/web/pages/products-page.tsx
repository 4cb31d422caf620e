import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ProductList } from '../../shared/api/catalog';
import { stockStatus } from '../../shared/cart-rules';
import {
  breadcrumbJsonLd,
  itemListJsonLd,
  listingDescription,
  listingTitle,
} from '../../shared/catalog-structured-data';
import { recordRecentView } from '../analytics';
import { siteOrigin, storeSettings } from '../app-data';
import { PageMeta } from '../components/page-meta';
import { EmptyState, ErrorBanner, InfoBanner } from '../components/status-message';
import { CartControls } from '../features/cart/cart-controls';
import { Breadcrumbs } from '../features/catalog/breadcrumbs';
import { trackItemList } from '../features/catalog/catalog-analytics';
import {
  catalogKeys,
  mergeProductPages,
  useCatalogCountries,
  useCategories,
  useProductListing,
} from '../features/catalog/catalog-api';
import { noticeOf } from '../features/catalog/product-gone';
import { ProductGrid } from '../features/catalog/product-grid';
import { ProductGridSkeleton } from '../features/catalog/skeletons';
import { EarliestDayNote, useEarliestDay } from '../features/delivery-dates/earliest-day';
import { FiltersPanel, SortSelect } from '../features/listing-filters/filters-panel';
import {
  EMPTY_FILTERS,
  filtersFromUrl,
  hasActiveFilters,
  type ListingFilters,
  listingUrl,
  priceProblem,
  toProductQuery,
} from '../features/listing-filters/listing-filters';
import { useLocationState } from '../features/location/use-location-state';

/** Typing in search or price fields updates the URL (and the results) after this pause. */
const TYPING_DEBOUNCE_MS = 400;

/** SPEC 2 "Product listing" for /products and /category/{category}. */
export function ProductsPage() {
  const { category: categoryParam = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const applied = useMemo(() => filtersFromUrl(searchParams, categoryParam), [searchParams, categoryParam]);
  const appliedUrl = listingUrl(applied);

  // What the shopper is typing; the URL follows after a pause. A URL change the page did not
  // make itself (back button, a link) replaces it.
  const [draft, setDraft] = useState<ListingFilters>(applied);
  const navigatedTo = useRef(appliedUrl);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the URL only
  useEffect(() => {
    if (appliedUrl !== navigatedTo.current) {
      navigatedTo.current = appliedUrl;
      setDraft(applied);
    }
  }, [appliedUrl]);

  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  function apply(next: ListingFilters) {
    const url = listingUrl(next);
    if (url === navigatedTo.current) return;
    navigatedTo.current = url;
    navigate(url, { preventScrollReset: true });
  }

  function change(changes: Partial<ListingFilters>) {
    const next = { ...draft, ...changes };
    setDraft(next);
    clearTimeout(typingTimer.current);
    const typed = 'search' in changes || 'minPrice' in changes || 'maxPrice' in changes;
    if (typed) {
      // One history entry per pause in typing, not one per key press.
      typingTimer.current = setTimeout(() => apply(next), TYPING_DEBOUNCE_MS);
    } else {
      apply(next);
    }
  }

  function clearAll() {
    clearTimeout(typingTimer.current);
    setDraft(EMPTY_FILTERS);
    apply(EMPTY_FILTERS);
  }

  // Decision 0070: the delivery filters and the cards' earliest day are the chosen pincode's.
  const location = useLocationState();
  const pincode = location.pincode && location.deliveryInfo?.serviceable ? location.pincode : null;
  const earliestDay = useEarliestDay(pincode);
  // An old product link lands here and says why (the product page sends it with this notice).
  const notice = noticeOf(useLocation().state);

  const query = useMemo(() => toProductQuery(applied, pincode), [applied, pincode]);
  const listing = useProductListing(query);
  const categories = useCategories();
  const countries = useCatalogCountries();
  const queryClient = useQueryClient();
  // An answer arrives as an urgent render, which React cannot interrupt; the page of 1000 is then
  // rendered in the background, in slices, so a tap meanwhile is answered (total blocking
  // time). Until then the page shows what it showed before.
  const listingData = useDeferredValue(listing.data);
  const awaitingData = listingData === undefined && !listing.isError;
  // The first cards the server rendered (entry-server.tsx) stay until the page of 1000 arrives, so
  // the shopper sees them at once and the full page then extends them without a change.
  const serverPreview = awaitingData
    ? queryClient.getQueryData<ProductList>(catalogKeys.listingPreview(query))
    : undefined;
  const preview = serverPreview && serverPreview.data.length > 0 ? serverPreview : undefined;
  const products = useMemo(() => mergeProductPages(listingData?.pages ?? []), [listingData]);
  const shownProducts = preview ? preview.data : products;
  const total = listingData?.pages[0]?.total ?? preview?.total;
  const totalCapped = listingData?.pages[0]?.totalCapped ?? preview?.totalCapped ?? false;
  const category = categories.data?.find((entry) => entry.slug === applied.category);
  const [filtersOpen, setFiltersOpen] = useState(false);

  const categoryName = category?.name;
  useEffect(() => {
    if (categoryName) recordRecentView(categoryName);
  }, [categoryName]);

  const listName = categoryName ?? (applied.search ? `Search: ${applied.search}` : 'All Products');
  // Only once the new list is on screen: the deferred value may still hold the previous filter's.
  const firstPage =
    listing.isPlaceholderData || listingData !== listing.data ? undefined : listingData?.pages[0];
  const trackedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!firstPage || trackedFor.current === appliedUrl) return;
    trackedFor.current = appliedUrl;
    trackItemList(listName, firstPage.data);
  }, [firstPage, appliedUrl, listName]);

  const heading = categoryName ?? (categoryParam ? 'Products' : 'All Products');
  const crumbs = [
    { name: 'Home', path: '/' },
    ...(categoryParam
      ? [
          { name: 'Categories', path: '/categories' },
          { name: categoryName ?? categoryParam, path: `/category/${categoryParam}` },
        ]
      : [{ name: 'Products', path: '/products' }]),
  ];
  const origin = siteOrigin();
  const problem = priceProblem(draft);

  return (
    <div className="flex flex-col gap-4">
      <PageMeta
        title={listingTitle(heading, applied.search)}
        description={
          category?.description || listingDescription(categoryName, storeSettings.freeShippingFrom)
        }
        canonicalPath={categoryParam ? `/category/${categoryParam}` : '/products'}
        jsonLd={() => [
          breadcrumbJsonLd(crumbs, origin),
          itemListJsonLd(products.slice(0, 24), origin, listName),
        ]}
      />
      <Breadcrumbs crumbs={crumbs} />
      {notice && <InfoBanner>{notice}</InfoBanner>}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold text-stone-900">{heading}</h1>
          {total !== undefined && (
            <p className="text-sm text-stone-600" aria-live="polite">
              {total.toLocaleString('en-IN')}
              {totalCapped ? '+' : ''} {total === 1 && !totalCapped ? 'product' : 'products'}
              {/* On a phone the search box sits in the folded filters: the words searched show here. */}
              {applied.search && ` for “${applied.search}”`}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SortSelect filters={draft} onChange={change} />
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls="listing-filters"
            onClick={() => setFiltersOpen((open) => !open)}
            className="min-h-11 rounded-lg border border-brand-600 bg-white px-4 text-sm font-semibold text-brand-700 md:hidden"
          >
            Filters
            {hasActiveFilters(applied) && (
              <span aria-hidden="true" className="ml-1.5 inline-block h-2 w-2 rounded-full bg-festive-pink" />
            )}
          </button>
        </div>
      </div>

      <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
        <aside
          id="listing-filters"
          className={`${filtersOpen ? 'block' : 'hidden'} rounded-2xl border border-brand-100 bg-white p-4 md:sticky md:top-20 md:block md:self-start`}
        >
          <FiltersPanel
            filters={draft}
            categories={categories.data ?? []}
            countries={countries.data ?? []}
            pincode={pincode}
            problem={problem}
            onChange={change}
            onClear={clearAll}
          />
        </aside>

        <section
          aria-labelledby="results-heading"
          aria-busy={listing.isFetching && !listing.isFetchingNextPage}
        >
          {/* Product cards title themselves with h3: this keeps the heading levels in order. */}
          <h2 id="results-heading" className="sr-only">
            Results
          </h2>
          {awaitingData && !preview ? (
            <ProductGridSkeleton />
          ) : listing.isError && products.length === 0 ? (
            <div className="flex flex-col items-start gap-3">
              <ErrorBanner>
                We could not load the products. Please check your connection and try again.
              </ErrorBanner>
              <button
                type="button"
                onClick={() => listing.refetch()}
                className="min-h-11 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
              >
                Try again
              </button>
            </div>
          ) : shownProducts.length === 0 ? (
            <EmptyState title="No products found matching your criteria.">
              Try another word, a wider price range or{' '}
              <button type="button" onClick={clearAll} className="font-semibold text-brand-700 underline">
                clear the filters
              </button>
              .
            </EmptyState>
          ) : (
            <div className={listing.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
              <ProductGrid
                products={shownProducts}
                resetKey={appliedUrl}
                hasMore={preview !== undefined || Boolean(listing.hasNextPage)}
                loadingMore={preview !== undefined || listing.isFetchingNextPage}
                onLoadMore={() => listing.fetchNextPage()}
                renderActions={(product) => (
                  <>
                    {earliestDay && stockStatus(product) === 'in_stock' && (
                      <EarliestDayNote day={earliestDay} />
                    )}
                    <CartControls product={product} />
                  </>
                )}
                endMessage={`You've seen all ${products.length.toLocaleString('en-IN')} ${products.length === 1 ? 'product' : 'products'}.`}
              />
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

export { ProductsPage as Component };
