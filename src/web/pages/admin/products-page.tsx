import { ProductsView } from '../../features/admin-catalog/products-view';

export function Component() {
  return (
    <section>
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Products</h1>
      <ProductsView />
    </section>
  );
}
