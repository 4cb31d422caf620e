import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { homeDescription, lowestPriceClaim, productCountClaim } from '../../shared/catalog-claims';
import { HOME_FEATURED_COUNT } from '../../shared/catalog-limits';
import { organizationJsonLd, websiteJsonLd } from '../../shared/catalog-structured-data';
import { formatInr } from '../../shared/money';
import { instagramLink } from '../../shared/store-links';
import { siteOrigin, storeSettings } from '../app-data';
import { buttonClass } from '../components/button';
import { GiftIcon, InstagramIcon, MailIcon, PackageIcon } from '../components/icons';
import { PageMeta } from '../components/page-meta';
import { CartControls } from '../features/cart/cart-controls';
import { trackItemList } from '../features/catalog/catalog-analytics';
import {
  useCatalogSummary,
  useCategories,
  useCollections,
  useFeaturedProducts,
} from '../features/catalog/catalog-api';
import { CategoryCard } from '../features/catalog/category-card';
import { CollectionCard } from '../features/catalog/collection-card';
import { ProductCard } from '../features/catalog/product-card';
import { RecentlyViewedRow } from '../features/catalog/recently-viewed-row';
import { CardGridSkeleton, ProductGridSkeleton } from '../features/catalog/skeletons';

/** Occasions shown on home; the rest are one tap away on /categories. */
const HOME_CATEGORIES = 8;
const HOME_COLLECTIONS = 6;

function SectionHeader({
  id,
  title,
  link,
}: {
  id: string;
  title: string;
  link: { to: string; label: string };
}) {
  return (
    <div className="flex items-end justify-between gap-3">
      <h2 id={id} className="text-xl font-extrabold text-stone-900 sm:text-2xl">
        {title}
      </h2>
      <Link to={link.to} className="shrink-0 text-sm font-semibold text-brand-700 hover:underline">
        {link.label} <span aria-hidden="true">→</span>
      </Link>
    </div>
  );
}

/** SPEC 2 "Home". */
export function HomePage() {
  // SPEC 7: home fetches all collections and all categories together, and the featured products.
  const categories = useCategories();
  const collections = useCollections();
  const featured = useFeaturedProducts();
  // The claims are the live catalogue's (server-rendered with the page); none is shown
  // that the catalogue cannot back, nor while its figures are unknown.
  const summary = useCatalogSummary();
  // While the figures load, the tile keeps its line (no layout shift); if they fail, it goes.
  const whileLoading = summary.isPending ? '\u00a0' : null;
  const freeShippingFrom = formatInr(storeSettings.freeShippingFrom);

  const trackedFeatured = useRef(false);
  useEffect(() => {
    if (!featured.data || featured.data.length === 0 || trackedFeatured.current) return;
    trackedFeatured.current = true;
    trackItemList('Featured Products', featured.data);
  }, [featured.data]);

  // Featured collections first (the API orders them so); a store without any shows its first ones.
  const shownCollections = (() => {
    const all = collections.data ?? [];
    const flagged = all.filter((collection) => collection.featured);
    return (flagged.length > 0 ? flagged : all).slice(0, HOME_COLLECTIONS);
  })();
  const origin = siteOrigin();

  return (
    <div className="flex flex-col gap-6 sm:gap-10">
      <PageMeta
        title={storeSettings.storeName}
        description={homeDescription(storeSettings, summary.data)}
        canonicalPath="/"
        jsonLd={() => [
          organizationJsonLd(storeSettings, origin),
          websiteJsonLd(storeSettings.storeName, origin),
        ]}
      />

      <section
        aria-labelledby="hero-title"
        className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-500 to-festive-pink px-5 py-5 text-white shadow-lg sm:px-10 sm:py-14"
      >
        <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">
          Return gifts · Festive hampers · Favours
        </p>
        <h1
          id="hero-title"
          className="mt-1 max-w-xl text-2xl leading-tight font-extrabold sm:mt-2 sm:text-4xl"
        >
          Gifts that make every celebration special
        </h1>
        <p className="mt-2 max-w-lg text-sm text-brand-50 sm:mt-3 sm:text-base">{storeSettings.tagline}.</p>
        <div className="mt-4 flex flex-wrap gap-3 sm:mt-6">
          <Link to="/products" className={buttonClass('secondary', 'border-white')}>
            Shop Now
          </Link>
          <Link
            to="/categories"
            className="inline-flex min-h-11 items-center rounded-lg border border-white/80 px-4 text-sm font-semibold text-white hover:bg-white/10"
          >
            Shop by Occasion
          </Link>
        </div>
        <GiftIcon
          aria-hidden="true"
          className="pointer-events-none absolute -right-6 -bottom-6 h-40 w-40 text-white/15 sm:h-56 sm:w-56"
        />
      </section>

      {/* Decision 0070: products come right after the hero, within a phone's first screen. */}
      <section aria-labelledby="featured-title" className="flex flex-col gap-4">
        <SectionHeader
          id="featured-title"
          title="Featured Products"
          link={{ to: '/products', label: 'View all products' }}
        />
        {featured.isPending ? (
          <ProductGridSkeleton count={HOME_FEATURED_COUNT} label="Loading featured products" />
        ) : featured.isError || featured.data.length === 0 ? (
          <p className="text-stone-600">
            New gifts are on their way.{' '}
            <Link to="/products" className="font-semibold text-brand-700 underline">
              Browse all products
            </Link>
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Featured products">
            {featured.data.map((product, index) => (
              <li key={product.id} className="flex">
                {/* The first row is on the first screen: its pictures load first (LCP). */}
                <ProductCard product={product} priority={index === 0} eager={index === 1}>
                  <CartControls product={product} />
                </ProductCard>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-label="Delivery and shipping" className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-2xl border border-brand-200 bg-white p-4">
          <p className="font-bold text-brand-800">Same-day delivery in {storeSettings.sameDayCity}</p>
          {/* SPEC 9: same-day orders must be placed before 2 PM. */}
          <p className="mt-1 text-sm text-stone-600">Order before 2 PM and we deliver today.</p>
        </div>
        <div className="rounded-2xl border border-brand-200 bg-white p-4">
          <p className="font-bold text-brand-800">Free shipping from {freeShippingFrom}</p>
          <p className="mt-1 text-sm text-stone-600">
            Below that, a flat {formatInr(storeSettings.shippingFee)} shipping charge anywhere in India.
          </p>
        </div>
        <div className="rounded-2xl border border-brand-200 bg-white p-4">
          <p className="font-bold text-brand-800">Bulk orders welcome</p>
          <p className="mt-1 text-sm text-stone-600">
            Return gifts for 50 or 500 guests, wedding favours and corporate gifting.{' '}
            <Link to="/bulk-orders" className="font-semibold text-brand-700 underline">
              Ask for a bulk quote
            </Link>
          </p>
        </div>
      </section>

      <section aria-label="Why shop with us">
        <ul className="grid grid-cols-2 gap-3 text-center sm:grid-cols-4">
          {[
            [
              summary.data ? lowestPriceClaim(summary.data.lowestPrice) : whileLoading,
              'Return gifts for every budget',
            ],
            [
              summary.data ? productCountClaim(summary.data.productCount) : whileLoading,
              'For every occasion',
            ],
            ['7-day return', 'Easy returns, no questions'],
            [`Free shipping from ${freeShippingFrom}`, 'Across India'],
          ]
            .filter((entry): entry is [string, string] => entry[0] !== null)
            .map(([claim, detail]) => (
              <li key={detail} className="rounded-2xl bg-brand-100 px-3 py-4">
                <p className="font-extrabold text-brand-800">{claim}</p>
                <p className="text-xs text-stone-700">{detail}</p>
              </li>
            ))}
        </ul>
      </section>

      <section aria-labelledby="occasions-title" className="flex flex-col gap-4">
        <SectionHeader
          id="occasions-title"
          title="Shop by Occasion"
          link={{ to: '/categories', label: 'View all categories' }}
        />
        {categories.isPending ? (
          <CardGridSkeleton count={4} label="Loading categories" />
        ) : categories.isError ? (
          <p className="text-sm text-stone-600">The occasions could not be loaded just now.</p>
        ) : categories.data.length === 0 ? (
          <p className="text-stone-600">No Categories Yet</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Occasions">
            {categories.data.slice(0, HOME_CATEGORIES).map((category) => (
              <li key={category.id} className="flex">
                <CategoryCard category={category} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="collections-title" className="flex flex-col gap-4">
        <SectionHeader
          id="collections-title"
          title="Featured Collections"
          link={{ to: '/collections', label: 'View all collections' }}
        />
        {collections.isPending ? (
          <CardGridSkeleton count={3} label="Loading collections" />
        ) : collections.isError ? (
          <p className="text-sm text-stone-600">The collections could not be loaded just now.</p>
        ) : shownCollections.length === 0 ? (
          <p className="text-stone-600">No Collections Yet</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Featured collections">
            {shownCollections.map((collection) => (
              <li key={collection.id} className="flex">
                <CollectionCard collection={collection} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <RecentlyViewedRow />

      <section
        aria-labelledby="contact-title"
        className="rounded-3xl border border-brand-200 bg-white p-6 sm:p-8"
      >
        <h2 id="contact-title" className="text-xl font-extrabold text-stone-900">
          Need help choosing a gift?
        </h2>
        <p className="mt-1 text-stone-700">
          Write to us for suggestions, custom packaging or bulk pricing. We reply within a day.
        </p>
        <ul className="mt-4 flex flex-col gap-3 sm:flex-row sm:gap-6">
          <li>
            <a
              href={`mailto:${storeSettings.supportEmail}`}
              className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline"
            >
              <MailIcon className="h-5 w-5" />
              {storeSettings.supportEmail}
            </a>
          </li>
          <li>
            <a
              href={instagramLink(storeSettings)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline"
            >
              <InstagramIcon className="h-5 w-5" />
              Follow @{storeSettings.instagramHandle} on Instagram
            </a>
          </li>
          <li>
            <Link
              to="/categories"
              className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline"
            >
              <PackageIcon className="h-5 w-5" />
              Browse all categories
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}

export { HomePage as Component };
