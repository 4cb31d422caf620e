import { Link, useNavigate, useParams } from 'react-router';
import { useAdminCategories, useAdminProduct } from '../../api/admin-catalog';
import { QueryState } from '../../components/admin/admin-ui';
import { ProductForm } from '../../features/admin-catalog/product-form';

/** /admin/products/new and /admin/products/:id. */
export function Component() {
  const { id } = useParams();
  const navigate = useNavigate();
  const productId = id && /^\d+$/.test(id) ? Number(id) : null;
  const product = useAdminProduct(productId);
  const categories = useAdminCategories();
  const editing = productId !== null;
  return (
    <section className="space-y-4">
      <Link to="/admin/products" className="text-sm font-semibold text-brand-700 underline">
        ← All products
      </Link>
      <h1 className="text-2xl font-extrabold text-stone-900">{editing ? 'Edit product' : 'New product'}</h1>
      <QueryState
        isPending={categories.isPending || (editing && product.isPending)}
        error={categories.error ?? (editing ? product.error : null)}
        label="the product"
      >
        {categories.data && (!editing || product.data) && (
          <div className="max-w-3xl">
            <ProductForm
              key={product.data?.product.id ?? 'new'}
              product={product.data?.product ?? null}
              categories={categories.data}
              onSaved={(saved) => {
                if (!editing) navigate(`/admin/products/${saved.id}`, { replace: true });
              }}
            />
          </div>
        )}
      </QueryState>
    </section>
  );
}
