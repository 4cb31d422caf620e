import { useState } from 'react';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { errorMessage, Pager, QueryState } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { EmptyState, ErrorBanner } from '../../components/status-message';
import { useAdminReviews, useHideReview } from './shopfront-api';

/** Every review, newest first; the owner hides one (and shows it again). */
export function ReviewsView() {
  const [page, setPage] = useState(1);
  const reviews = useAdminReviews(page);
  const hide = useHideReview();
  return (
    <div className="space-y-3">
      {hide.error && <ErrorBanner>{errorMessage(hide.error)}</ErrorBanner>}
      <QueryState isPending={reviews.isPending} error={reviews.error} label="reviews">
        {reviews.data?.data.length === 0 ? (
          <EmptyState title="No reviews yet" />
        ) : (
          <ul
            aria-label="Reviews"
            className="divide-y divide-stone-100 rounded-xl border border-brand-100 bg-white"
          >
            {reviews.data?.data.map((review) => (
              <li key={review.id} className="flex items-start justify-between gap-3 p-3">
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">
                    {review.productName} · {review.rating} of 5{review.hidden ? ' · Hidden' : ''}
                  </p>
                  <p className="text-sm text-stone-600">
                    {review.authorName} ({review.authorEmail}) · {formatIndiaDateTime(review.createdAt)}
                  </p>
                  {review.text && (
                    <p className="mt-1 whitespace-pre-line text-sm text-stone-800">{review.text}</p>
                  )}
                </div>
                <Button
                  variant="secondary"
                  disabled={hide.isPending}
                  aria-label={`${review.hidden ? 'Show' : 'Hide'} the review by ${review.authorName} of ${review.productName}`}
                  onClick={() => hide.mutate({ id: review.id, hidden: !review.hidden })}
                >
                  {review.hidden ? 'Show' : 'Hide'}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {reviews.data && (
          <Pager page={page} pageSize={reviews.data.pageSize} total={reviews.data.total} onPage={setPage} />
        )}
      </QueryState>
    </div>
  );
}
