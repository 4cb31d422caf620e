import { useId } from 'react';
import { REVIEW_TEXT_MAX } from '../../../shared/review-rules';
import { ApiError } from '../../api/client';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { TextAreaField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { useSubmitReview } from './reviews-api';

// The shared schema, with Zod, loads when the form is first focused or checked (decision 0088).
const checkReview = checksOnFirstUse(
  () => import('./review-checks'),
  (checks) => checks.checkReview,
);

const STAR_LABELS = ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'];

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
      <fieldset {...(errors.rating ? { 'aria-describedby': `${id}-rating-error` } : {})}>
        <legend className="text-sm font-semibold text-stone-800">Your rating</legend>
        <div className="mt-1 flex gap-1">
          {STAR_LABELS.map((label, index) => {
            const value = index + 1;
            const lit = rating !== null && value <= rating;
            return (
              <label
                key={label}
                className={`flex h-11 w-11 cursor-pointer items-center justify-center rounded-lg text-2xl ${
                  lit ? 'text-festive-gold' : 'text-stone-300'
                } has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600`}
              >
                <input
                  type="radio"
                  value={value}
                  aria-label={label}
                  className="sr-only"
                  {...register('rating')}
                />
                <span aria-hidden="true">★</span>
              </label>
            );
          })}
        </div>
        {errors.rating && (
          <p id={`${id}-rating-error`} className="text-sm text-red-700">
            {errors.rating.message}
          </p>
        )}
      </fieldset>
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
