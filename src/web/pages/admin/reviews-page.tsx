import { ReviewsView } from '../../features/admin-shopfront/reviews-view';

export function Component() {
  return (
    <section>
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Reviews</h1>
      <ReviewsView />
    </section>
  );
}
