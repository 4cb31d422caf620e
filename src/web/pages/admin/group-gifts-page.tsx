import { GroupGiftsView } from '../../features/admin-money/group-gifts-view';

export function Component() {
  return (
    <section>
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Group gifts</h1>
      <GroupGiftsView />
    </section>
  );
}
