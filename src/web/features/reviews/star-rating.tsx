/** Five stars, the first `rating` (rounded to a half) filled; read out as 'Rated 4.5 out of 5'. */
export function StarRating({ rating, size = 'text-base' }: { rating: number; size?: string }) {
  const rounded = Math.round(rating * 2) / 2;
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className={`inline-flex ${size} leading-none`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <span
          key={star}
          aria-hidden="true"
          className={
            star <= rounded
              ? 'text-festive-gold'
              : star - 0.5 === rounded
                ? 'text-amber-300'
                : 'text-stone-300'
          }
        >
          ★
        </span>
      ))}
    </span>
  );
}
