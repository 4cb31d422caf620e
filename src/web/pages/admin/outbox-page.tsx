import { OutboxView } from '../../features/admin/outbox-view';

export function Component() {
  return (
    <section>
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Outbox</h1>
      <OutboxView />
    </section>
  );
}
