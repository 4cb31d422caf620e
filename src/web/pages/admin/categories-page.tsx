import { CategoriesView } from '../../features/admin-catalog/categories-view';

export function Component() {
  return (
    <section>
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Categories</h1>
      <CategoriesView />
    </section>
  );
}
