import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatInr } from '../../../shared/money';
import { type ProductFilters, useAdminProducts } from '../../api/admin-catalog';
import { errorMessage, inputClass, Pager, QueryState } from '../../components/admin/admin-ui';
import { Button, buttonClass } from '../../components/button';
import { EmptyState, ErrorBanner } from '../../components/status-message';
import { useSaveProduct } from './catalog-api';
import { ProductCsvPanel } from './product-csv-panel';
import { ProductPhotoZipPanel } from './product-photo-zip-panel';

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
  const id = useId();
  const [filters, setFilters] = useState<ProductFilters>({ archived: 'all', page: 1 });
  const [search, setSearch] = useState('');
  const products = useAdminProducts(filters);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...filters, q: search, page: 1 });
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <form onSubmit={submit} className="flex flex-1 flex-wrap items-end gap-2">
          <div className="flex min-w-48 flex-1 flex-col gap-1">
            <label htmlFor={`${id}-q`} className="text-sm font-semibold text-stone-800">
              Search products (name, SKU or number)
            </label>
            <input
              id={`${id}-q`}
              type="search"
              className={inputClass}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-archived`} className="text-sm font-semibold text-stone-800">
              Show
            </label>
            <select
              id={`${id}-archived`}
              className={inputClass}
              value={filters.archived}
              onChange={(event) =>
                setFilters({
                  ...filters,
                  archived: event.target.value as ProductFilters['archived'],
                  page: 1,
                })
              }
            >
              <option value="all">All products</option>
              <option value="false">On sale</option>
              <option value="true">Archived</option>
            </select>
          </div>
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
