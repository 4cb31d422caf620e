import { DispatchJobActions, DispatchJobsPanel } from '../../features/admin/dispatch-jobs';
import { OrdersView } from '../../features/admin/orders-view';

export function Component() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-extrabold text-stone-900">Orders</h1>
      <DispatchJobsPanel />
      <OrdersView
        bulkActions={(selection, count) => <DispatchJobActions selection={selection} count={count} />}
      />
    </section>
  );
}
