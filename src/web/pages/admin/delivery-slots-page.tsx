import { DeliverySlotsView } from '../../features/admin-settings/delivery-slots-view';

export function Component() {
  return (
    <section>
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Delivery slots</h1>
      <DeliverySlotsView />
    </section>
  );
}
