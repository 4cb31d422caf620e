import { useState } from 'react';
import { Link } from 'react-router';
import { formatInr } from '../../../shared/money';
import { type ProductFilters, useAdminProducts } from '../../api/admin-catalog';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { errorMessage, Pager, QueryState } from '../../components/admin/admin-ui';
import { Button, buttonClass } from '../../components/button';
import { FormField, SelectField } from '../../components/form-field';
import { EmptyState, ErrorBanner } from '../../components/status-message';
import { useSaveProduct } from './catalog-api';
import { ProductCsvPanel } from './product-csv-panel';
import { ProductPhotoZipPanel } from './product-photo-zip-panel';

const checkProductSearch = checksOnFirstUse(
  () => import('./product-search-checks'),
  (checks) => checks.checkProductSearch,
);

function ArchiveButton({ id, archived, name }: { id: number; archived: boolean; name: string }) {
  const save = useSaveProduct(id);
  return (
    <>
      <Button
        variant={archived ? 'secondary' : 'ghost'}
        disabled={save.isPending}
        aria-label={`${archived ? 'Restore' : 'Archive'} ${name}`}
        onClick={() => save.mutate({ archived: !archived })}
      >
        {archived ? 'Restore' : 'Archive'}
      </Button>
      {save.error && <ErrorBanner>{errorMessage(save.error)}</ErrorBanner>}
    </>
  );
}

export function ProductsView() {
  const [filters, setFilters] = useState<ProductFilters>({ archived: 'all', page: 1 });
  const products = useAdminProducts(filters);
  const { register, handleSubmit, formState } = useCheckedForm({
    checks: checkProductSearch,
    defaultValues: { q: '', archived: filters.archived },
  });
  const search = handleSubmit((chosen) => setFilters({ ...filters, ...chosen, page: 1 }));
  return (
    <div className="space-y-4">
      {formState.errors.root && <ErrorBanner>{formState.errors.root.message}</ErrorBanner>}
      <div className="flex flex-wrap items-end gap-3">
        <form
          onSubmit={search}
          onFocus={checkProductSearch.preload}
          noValidate
          className="flex flex-1 flex-wrap items-end gap-2"
        >
          <div className="min-w-48 flex-1">
            <FormField
              label="Search products (name, SKU or number)"
              type="search"
              error={formState.errors.q?.message}
              {...register('q')}
            />
          </div>
          <SelectField
            label="Show"
            options={[
              { value: 'all', label: 'All products' },
              { value: 'false', label: 'On sale' },
              { value: 'true', label: 'Archived' },
            ]}
            error={formState.errors.archived?.message}
            // Choosing what to show lists it at once, with the search as typed.
            {...register('archived', { onChange: () => void search() })}
          />
          <Button type="submit">Search</Button>
        </form>
        <Link to="/admin/products/new" className={buttonClass('primary')}>
          New product
        </Link>
      </div>
      <ProductCsvPanel />
      <ProductPhotoZipPanel />
      <QueryState isPending={products.isPending} error={products.error} label="products">
        {products.data && products.data.data.length === 0 ? (
          <EmptyState title="No products found" />
        ) : (
          <ul className="divide-y divide-stone-100 rounded-xl border border-brand-100 bg-white">
            {products.data?.data.map((product) => (
              <li key={product.id} className="flex flex-wrap items-center gap-3 p-3">
                {product.image ? (
                  <img src={product.image} alt="" className="h-12 w-12 rounded object-cover" />
                ) : (
                  <span className="h-12 w-12 rounded bg-stone-100" />
                )}
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/admin/products/${product.id}`}
                    className="font-semibold text-brand-700 underline"
                  >
                    {product.name}
                  </Link>
                  <p className="text-sm text-stone-600">
                    {product.sku ? `SKU ${product.sku} · ` : ''}
                    {formatInr(product.price)} · {product.stock} in stock · {product.categoryName}
                    {product.archived ? ' · Archived' : ''}
                  </p>
                </div>
                <ArchiveButton id={product.id} archived={product.archived} name={product.name} />
              </li>
            ))}
          </ul>
        )}
        {products.data && (
          <Pager
            page={products.data.page}
            pageSize={products.data.pageSize}
            total={products.data.total}
            onPage={(page) => setFilters({ ...filters, page })}
          />
        )}
      </QueryState>
    </div>
  );
}
