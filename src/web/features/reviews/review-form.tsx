import { type FormEvent, useId, useState } from 'react';
import { REVIEW_TEXT_MAX } from '../../../shared/review-rules';
import { ApiError } from '../../api/client';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/status-message';
import { useSubmitReview } from './reviews-api';

const STAR_LABELS = ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'];

/** The customer's rating (1-5) and optional review; plain text, at most 2,000 characters. */
export function ReviewForm({ productId, onReviewed }: { productId: number; onReviewed?: () => void }) {
  const id = useId();
  const submit = useSubmitReview(productId, onReviewed);
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (rating !== null) submit.mutate({ rating, text });
  };

  return (
    <form onSubmit={send} aria-label="Write a review" className="flex flex-col gap-3">
      <fieldset>
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
                  name={`${id}-rating`}
                  value={value}
                  checked={rating === value}
                  onChange={() => setRating(value)}
                  aria-label={label}
                  className="sr-only"
                />
                <span aria-hidden="true">★</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-text`} className="text-sm font-semibold text-stone-800">
          Your review (optional)
        </label>
        <textarea
          id={`${id}-text`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={REVIEW_TEXT_MAX}
          rows={4}
          className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 focus:border-brand-600"
        />
        <p className="text-right text-xs text-stone-600">
          {text.length}/{REVIEW_TEXT_MAX}
        </p>
      </div>
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
