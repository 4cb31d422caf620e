import { z } from 'zod';
import { withoutControlCharacters } from '../plain-text';
import { REVIEW_TEXT_MAX } from '../review-rules';

// Ratings and reviews (decision 0011): the product page's reviews, the customer's own, and the back
// office's moderation.

export * from '../review-rules';

const REVIEW_TOO_LONG = `A review can be at most ${REVIEW_TEXT_MAX} characters`;

/** POST /api/products/:id/reviews. The text is plain text: it is stored and shown as typed. */
export const NewReview = z.object({
  rating: z
    .number({ error: 'Choose a rating from 1 to 5 stars' })
    .int('Choose a rating from 1 to 5 stars')
    .min(1, 'Choose a rating from 1 to 5 stars')
    .max(5, 'Choose a rating from 1 to 5 stars'),
  text: z
    .string()
    // What arrives is bounded before it is tidied; twice the limit leaves room for \r\n
    // line breaks and spaces at the ends, which tidying takes off.
    .max(REVIEW_TEXT_MAX * 2, { error: REVIEW_TOO_LONG, abort: true })
    .transform((value) => withoutControlCharacters(value).replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(REVIEW_TEXT_MAX, REVIEW_TOO_LONG))
    .default(''),
});
export type NewReview = z.infer<typeof NewReview>;
export type NewReviewInput = z.input<typeof NewReview>;

export const ReviewRecord = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  text: z.string(),
  /** First name and the initial of the last, e.g. 'Meera I.'. */
  authorName: z.string(),
  createdAt: z.string(),
  /** Written after a delivered order (every shopper's review); false for the demo seed's (decision 0059). */
  verifiedPurchase: z.boolean(),
});
export type ReviewRecord = z.infer<typeof ReviewRecord>;

export const ReviewsQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** GET /api/products/:id/reviews: newest first, a page at a time, with the product's aggregate. */
export const ReviewPage = z.object({
  data: z.array(ReviewRecord),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  average: z.number(),
  count: z.number().int(),
});
export type ReviewPage = z.infer<typeof ReviewPage>;

/** GET /api/products/:id/reviews/mine: whether the signed-in customer may review it. */
export const ReviewEligibility = z.object({
  canReview: z.boolean(),
  reason: z.string().nullable(),
  review: ReviewRecord.nullable(),
});
export type ReviewEligibility = z.infer<typeof ReviewEligibility>;

export const ReviewResponse = z.object({ review: ReviewRecord });

// ---- The back office ----

export const AdminReviewQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  hidden: z.enum(['true', 'false', 'all']).default('all'),
});
export type AdminReviewQuery = z.infer<typeof AdminReviewQuery>;

export const AdminReview = ReviewRecord.extend({
  productId: z.number().int(),
  productName: z.string(),
  authorEmail: z.string(),
  hidden: z.boolean(),
});
export type AdminReview = z.infer<typeof AdminReview>;

export const AdminReviewList = z.object({
  data: z.array(AdminReview),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminReviewList = z.infer<typeof AdminReviewList>;

export const AdminReviewChanges = z.object({ hidden: z.boolean() });
export type AdminReviewChanges = z.infer<typeof AdminReviewChanges>;

export const AdminReviewIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Decision 0063: the author of a review whose account was erased (the text stays). */
export const ERASED_AUTHOR = 'A customer';

/** 'Meera Iyer' → 'Meera I.': enough to be a person, not enough to find them. */
export function reviewerName(fullName: string, username: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = words;
  if (!first) return username || 'Customer';
  const last = rest.at(-1);
  // Decision 0059: a demo reviewer ("Ananya (demo)") keeps its marker whole, never "Ananya (.".
  if (last && /^\(.+\)$/.test(last)) return `${first} ${last}`;
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}
