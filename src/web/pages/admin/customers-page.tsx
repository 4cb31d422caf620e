import { CustomersView } from '../../features/admin/customers-view';

export function Component() {
  return (
    <section>
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Customers</h1>
      <CustomersView />
    </section>
  );
}
