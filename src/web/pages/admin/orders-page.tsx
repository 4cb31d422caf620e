import { BulkActionBar } from '../../features/admin-dispatch/bulk-actions';
import { DispatchJobActions, DispatchJobsPanel } from '../../features/admin-dispatch/dispatch-jobs';
import { OrdersView } from '../../features/admin-orders/orders-view';

export function Component() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-extrabold text-stone-900">Orders</h1>
      <DispatchJobsPanel />
      <OrdersView
        bulkActions={(selection, count, clear) => (
          <BulkActionBar selection={selection} count={count} onClear={clear}>
            <DispatchJobActions selection={selection} count={count} />
          </BulkActionBar>
        )}
      />
    </section>
  );
}
