import { ComplaintsView } from '../../features/admin-people/complaints-view';

export function Component() {
  return (
    <section>
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Complaints</h1>
      <ComplaintsView />
    </section>
  );
}
