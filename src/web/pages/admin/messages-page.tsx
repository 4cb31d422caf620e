import { MessagesView } from '../../features/admin-people/messages-view';

export function Component() {
  return (
    <section>
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Messages</h1>
      <MessagesView />
    </section>
  );
}
