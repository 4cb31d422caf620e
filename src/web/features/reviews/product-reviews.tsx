import { type ReactNode, useRef, useState } from 'react';
import { formatIndiaDate } from '../../../shared/india-time';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/status-message';
import { useNearViewport } from '../../components/use-near-viewport';
import { ReviewForm } from './review-form';
import { useReviewEligibility, useReviews } from './reviews-api';
import { StarRating } from './star-rating';

type ReviewsProps = {
  productId: number;
  signedIn: boolean;
  /** Called after a review is saved (the page refreshes the product's rating). */
  onReviewed?: () => void;
};

/**
 * The product's average, count and reviews (newest first, paged), and the form for a
 * customer whose order of it was delivered. Review text is shown as plain text, never as HTML.
 */
export function ProductReviews(props: ReviewsProps) {
  const section = useRef<HTMLElement>(null);
  // The reviews (and the schemas that check them) load as the shopper scrolls towards them: less
  // than half a phone screen ahead, so a first screenful on a phone never waits for them. Their
  // queries start with them: the server's render and the first hydration make none.
  const near = useNearViewport(section, '300px');

  return (
    <section
      ref={section}
      aria-labelledby="reviews-title"
      className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
    >
      <h2 id="reviews-title" className="text-xl font-bold text-stone-900">
        Ratings &amp; Reviews
      </h2>
      {near ? (
        <Reviews {...props} />
      ) : (
        <>
          <LoadingReviews />
          <ReviewPrompt>{props.signedIn ? null : <SignInToReview />}</ReviewPrompt>
        </>
      )}
    </section>
  );
}

function LoadingReviews() {
  return (
    <div className="py-6 text-center">
      <Spinner label="Loading reviews" />
    </div>
  );
}

function ReviewPrompt({ children }: { children: ReactNode }) {
  return <div className="mt-4 border-t border-brand-100 pt-4">{children}</div>;
}

function SignInToReview() {
  return <p className="text-sm text-stone-600">Sign in to rate and review this product.</p>;
}

function Reviews({ productId, signedIn, onReviewed }: ReviewsProps) {
  const [page, setPage] = useState(1);
  const reviews = useReviews(productId, page);
  const eligibility = useReviewEligibility(productId, signedIn);
  const data = reviews.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <>
      {reviews.isPending ? (
        <LoadingReviews />
      ) : reviews.error || !data ? (
        <ErrorBanner>Could not load the reviews. Please try again later.</ErrorBanner>
      ) : (
        <>
          {data.count > 0 ? (
            <p className="mt-2 flex items-center gap-2 text-stone-800">
              <StarRating rating={data.average} size="text-xl" />
              <span>
                <span className="text-lg font-bold">{data.average.toFixed(1)}</span> out of 5 ·{' '}
                {data.count.toLocaleString('en-IN')} {data.count === 1 ? 'rating' : 'ratings'}
              </span>
            </p>
          ) : (
            <p className="mt-2 text-sm text-stone-600">No ratings yet.</p>
          )}

          {data.data.length > 0 && (
            <ul aria-label="Reviews" className="mt-3 divide-y divide-brand-100">
              {data.data.map((review) => (
                <li key={review.id} className="py-3">
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <StarRating rating={review.rating} />
                    <span className="font-semibold text-stone-900">{review.authorName}</span>
                    <span className="text-stone-600">{formatIndiaDate(review.createdAt)}</span>
                    {review.verifiedPurchase && (
                      <span className="rounded bg-green-50 px-1.5 py-0.5 text-xs font-semibold text-green-800">
                        Verified purchase
                      </span>
                    )}
                  </div>
                  {review.text && <p className="mt-1 whitespace-pre-line text-stone-800">{review.text}</p>}
                </li>
              ))}
            </ul>
          )}

          {pages > 1 && (
            <nav aria-label="Review pages" className="mt-2 flex items-center justify-between gap-2">
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Newer reviews
              </Button>
              <span className="text-sm text-stone-600">
                Page {page} of {pages}
              </span>
              <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Older reviews
              </Button>
            </nav>
          )}
        </>
      )}

      <ReviewPrompt>
        {!signedIn ? (
          <SignInToReview />
        ) : eligibility.data?.canReview ? (
          <ReviewForm
            productId={productId}
            onReviewed={() => {
              setPage(1);
              onReviewed?.();
            }}
          />
        ) : eligibility.data?.review ? (
          <p className="text-sm text-stone-700">
            You rated this product {eligibility.data.review.rating} out of 5. Thank you for your review!
          </p>
        ) : eligibility.data?.reason ? (
          <p className="text-sm text-stone-600">{eligibility.data.reason}.</p>
        ) : null}
      </ReviewPrompt>
    </>
  );
}
