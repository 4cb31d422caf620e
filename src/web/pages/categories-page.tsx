import { Link } from 'react-router';
import { breadcrumbJsonLd } from '../../shared/catalog-structured-data';
import { siteOrigin } from '../app-data';
import { buttonClass } from '../components/button';
import { PageMeta } from '../components/page-meta';
import { EmptyState, ErrorBanner } from '../components/status-message';
import { Breadcrumbs } from '../features/catalog/breadcrumbs';
import { useCategories } from '../features/catalog/catalog-api';
import { CategoryCard } from '../features/catalog/category-card';
import { CardGridSkeleton } from '../features/catalog/skeletons';

const crumbs = [
  { name: 'Home', path: '/' },
  { name: 'Categories', path: '/categories' },
];

/** SPEC 2 /categories: every occasion as a card. */
export function CategoriesPage() {
  const categories = useCategories();
  return (
    <div className="flex flex-col gap-4">
      <PageMeta
        title="Shop by Occasion"
        description="Return gifts and presents by occasion: birthdays, weddings, Diwali, Rakhi, baby showers and more."
        canonicalPath="/categories"
        jsonLd={() => [breadcrumbJsonLd(crumbs, siteOrigin())]}
      />
      <Breadcrumbs crumbs={crumbs} />
      <h1 className="text-2xl font-extrabold text-stone-900">Shop by Occasion</h1>
      {categories.isPending ? (
        <CardGridSkeleton label="Loading categories" />
      ) : categories.isError ? (
        <div className="flex flex-col items-start gap-3">
          <ErrorBanner>We could not load the categories. Please try again.</ErrorBanner>
          <button type="button" className={buttonClass('primary')} onClick={() => categories.refetch()}>
            Try again
          </button>
        </div>
      ) : categories.data.length === 0 ? (
        <EmptyState
          title="No Categories Yet"
          action={
            <Link to="/products" className={buttonClass('primary')}>
              Browse all products
            </Link>
          }
        />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Categories">
          {categories.data.map((category, index) => (
            <li key={category.id} className="flex">
              <CategoryCard category={category} priority={index < 2} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export { CategoriesPage as Component };
