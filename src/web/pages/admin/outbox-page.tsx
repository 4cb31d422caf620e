import { JobsView } from '../../features/admin-settings/jobs-view';
import { NotificationOutboxView } from '../../features/admin-settings/notification-outbox-view';
import { OutboxView } from '../../features/admin-settings/outbox-view';

export function Component() {
  return (
    <section>
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Outbox</h1>
      <h2 className="mb-2 text-lg font-bold text-stone-900">Background jobs</h2>
      <div className="mb-6">
        <JobsView />
      </div>
      <h2 className="mb-2 text-lg font-bold text-stone-900">E-mails</h2>
      <OutboxView />
      <h2 className="mt-6 mb-2 text-lg font-bold text-stone-900">WhatsApp and SMS</h2>
      <NotificationOutboxView />
    </section>
  );
}
