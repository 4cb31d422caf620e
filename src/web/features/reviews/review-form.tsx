import { useId } from 'react';
import { REVIEW_TEXT_MAX } from '../../../shared/review-rules';
import { ApiError } from '../../api/client';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { RatingField, TextAreaField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { useSubmitReview } from './reviews-api';

// The shared schema, with Zod, loads when the form is first focused or checked (decision 0088).
const checkReview = checksOnFirstUse(
  () => import('./review-checks'),
  (checks) => checks.checkReview,
);

/** The customer's rating (1-5) and optional review; plain text, at most 2,000 characters. */
export function ReviewForm({ productId, onReviewed }: { productId: number; onReviewed?: () => void }) {
  const id = useId();
  const submit = useSubmitReview(productId, onReviewed);
  // No star is chosen for the customer.
  const { register, handleSubmit, formState, watch } = useCheckedForm({
    checks: checkReview,
    defaultValues: { rating: null, text: '' },
  });
  const errors = formState.errors;
  const chosen = watch('rating');
  const rating = chosen === null || chosen === undefined || chosen === '' ? null : Number(chosen);
  const text = watch('text') ?? '';

  return (
    <form
      onSubmit={handleSubmit((review) => submit.mutate(review))}
      onFocus={checkReview.preload}
      noValidate
      aria-label="Write a review"
      className="flex flex-col gap-3"
    >
      <RatingField
        legend="Your rating"
        rating={rating}
        error={errors.rating?.message}
        {...register('rating')}
      />
      <div className="flex flex-col gap-1">
        <TextAreaField
          id={`${id}-text`}
          label="Your review (optional)"
          maxLength={REVIEW_TEXT_MAX}
          rows={4}
          error={errors.text?.message}
          {...register('text')}
        />
        <p className="text-right text-xs text-stone-600">
          {text.length}/{REVIEW_TEXT_MAX}
        </p>
      </div>
      {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
      {submit.error && (
        <ErrorBanner>
          {submit.error instanceof ApiError
            ? submit.error.message
            : 'Could not send your review. Please try again.'}
        </ErrorBanner>
      )}
      <Button type="submit" disabled={rating === null || submit.isPending} className="self-start">
        {submit.isPending ? 'Sending...' : 'Submit review'}
      </Button>
    </form>
  );
}
