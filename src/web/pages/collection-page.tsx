import { useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { breadcrumbJsonLd, itemListJsonLd, metaDescription } from '../../shared/catalog-structured-data';
import { collectionPath, idFromSlug } from '../../shared/slug';
import { recordRecentView } from '../analytics';
import { siteOrigin } from '../app-data';
import { buttonClass } from '../components/button';
import { PageMeta } from '../components/page-meta';
import { EmptyState } from '../components/status-message';
import { CartControls } from '../features/cart/cart-controls';
import { Breadcrumbs } from '../features/catalog/breadcrumbs';
import { trackItemList } from '../features/catalog/catalog-analytics';
import { useCollection } from '../features/catalog/catalog-api';
import { ProductGrid } from '../features/catalog/product-grid';
import { ProductGridSkeleton } from '../features/catalog/skeletons';

/** SPEC 2 /collection/{name-slug}-{id}; a bad id or a load failure sends the shopper to /collections. */
export function CollectionPage() {
  const { slug } = useParams();
  const id = idFromSlug(slug);
  if (id === null) return <Navigate to="/collections" replace />;
  return <CollectionView key={id} id={id} />;
}

function CollectionView({ id }: { id: number }) {
  const navigate = useNavigate();
  const { data: collection, isError } = useCollection(id);

  useEffect(() => {
    if (isError) navigate('/collections', { replace: true });
  }, [isError, navigate]);

  const tracked = useRef<number | null>(null);
  useEffect(() => {
    if (!collection || tracked.current === collection.id) return;
    tracked.current = collection.id;
    recordRecentView(collection.name);
    if (collection.products.length > 0) trackItemList(collection.name, collection.products);
  }, [collection]);

  if (isError) return <EmptyState title="Collection not found" />;
  if (!collection) {
    return (
      <div className="flex flex-col gap-4">
        <div role="presentation" className="h-8 w-1/2 animate-pulse rounded-lg bg-brand-100" />
        <ProductGridSkeleton />
      </div>
    );
  }

  const origin = siteOrigin();
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: 'Collections', path: '/collections' },
    { name: collection.name, path: collectionPath(collection) },
  ];
  return (
    <div className="flex flex-col gap-4">
      <PageMeta
        title={collection.name}
        description={metaDescription(collection.description || `${collection.name}: curated gifts.`)}
        canonicalPath={collectionPath(collection)}
        jsonLd={() => [
          breadcrumbJsonLd(crumbs, origin),
          itemListJsonLd(collection.products.slice(0, 50), origin, collection.name),
        ]}
      />
      <Breadcrumbs crumbs={crumbs} />
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-extrabold text-stone-900">{collection.name}</h1>
        {collection.description && <p className="text-stone-700">{collection.description}</p>}
      </header>
      {collection.products.length === 0 ? (
        <EmptyState
          title="Collection Coming Soon"
          action={
            <Link to="/products" className={buttonClass('primary')}>
              Browse all products
            </Link>
          }
        >
          We are hand-picking the gifts for this collection. Please check back soon.
        </EmptyState>
      ) : (
        <section aria-labelledby="collection-gifts-heading">
          {/* Product cards title themselves with h3: this keeps the heading levels in order. */}
          <h2 id="collection-gifts-heading" className="sr-only">
            Gifts in this collection
          </h2>
          <ProductGrid
            products={collection.products}
            resetKey={String(collection.id)}
            hasMore={false}
            loadingMore={false}
            onLoadMore={() => {}}
            renderActions={(product) => <CartControls product={product} />}
            endMessage={`That's the whole collection: ${collection.products.length} ${collection.products.length === 1 ? 'gift' : 'gifts'}.`}
          />
        </section>
      )}
    </div>
  );
}

export { CollectionPage as Component };
