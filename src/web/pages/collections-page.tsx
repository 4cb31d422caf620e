import { Link } from 'react-router';
import { breadcrumbJsonLd } from '../../shared/catalog-structured-data';
import { siteOrigin } from '../app-data';
import { buttonClass } from '../components/button';
import { PageMeta } from '../components/page-meta';
import { EmptyState, ErrorBanner } from '../components/status-message';
import { Breadcrumbs } from '../features/catalog/breadcrumbs';
import { useCollections } from '../features/catalog/catalog-api';
import { CollectionCard } from '../features/catalog/collection-card';
import { CardGridSkeleton } from '../features/catalog/skeletons';

const crumbs = [
  { name: 'Home', path: '/' },
  { name: 'Collections', path: '/collections' },
];

/** SPEC 2 /collections: the curated collections as cards. */
export function CollectionsPage() {
  const collections = useCollections();
  return (
    <div className="flex flex-col gap-4">
      <PageMeta
        title="Gift Collections"
        description="Curated gift collections for festivals, weddings, birthdays and every celebration."
        canonicalPath="/collections"
        jsonLd={() => [breadcrumbJsonLd(crumbs, siteOrigin())]}
      />
      <Breadcrumbs crumbs={crumbs} />
      <h1 className="text-2xl font-extrabold text-stone-900">Gift Collections</h1>
      {collections.isPending ? (
        <CardGridSkeleton label="Loading collections" />
      ) : collections.isError ? (
        <div className="flex flex-col items-start gap-3">
          <ErrorBanner>We could not load the collections. Please try again.</ErrorBanner>
          <button type="button" className={buttonClass('primary')} onClick={() => collections.refetch()}>
            Try again
          </button>
        </div>
      ) : collections.data.length === 0 ? (
        <EmptyState
          title="No Collections Yet"
          action={
            <Link to="/products" className={buttonClass('primary')}>
              Browse all products
            </Link>
          }
        >
          Our curated collections are on their way.
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Collections">
          {collections.data.map((collection, index) => (
            <li key={collection.id} className="flex">
              <CollectionCard collection={collection} priority={index < 2} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export { CollectionsPage as Component };
