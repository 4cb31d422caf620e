import { CouponsView } from '../../features/admin-shopfront/coupons-view';

export function Component() {
  return (
    <section>
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Coupons</h1>
      <CouponsView />
    </section>
  );
}
