import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { NewReview } from '../../../shared/api/reviews';

// The review form's checks, with Zod and the shared schema the server runs on what it sends:
// review-form.tsx loads this module when the form is first focused or checked (decision 0088).

/** The stars are radio buttons, whose value is text ('4'), or null while none is chosen. */
const ReviewForm = NewReview.extend({
  rating: z.preprocess(
    (value) => (value === null || value === '' ? undefined : Number(value)),
    NewReview.shape.rating,
  ),
});

export const checkReview = zodResolver(ReviewForm);
