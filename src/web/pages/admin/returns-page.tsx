import { ReturnsView } from '../../features/admin-money/returns-view';

export function Component() {
  return (
    <section>
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Returns</h1>
      <ReturnsView />
    </section>
  );
}
