import { BulkShipActions } from '../../features/admin/bulk-ship';
import { OrdersView } from '../../features/admin/orders-view';

export function Component() {
  return (
    <section>
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Orders</h1>
      <OrdersView
        bulkActions={(selection, count) => <BulkShipActions selection={selection} count={count} />}
      />
    </section>
  );
}
