import { CollectionsView } from '../../features/admin-shopfront/collections-view';

export function Component() {
  return (
    <section>
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Collections</h1>
      <CollectionsView />
    </section>
  );
}
