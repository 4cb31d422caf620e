// The review rules without Zod, so the product page can show reviews without loading it
// (docs/performance.md); the schemas in api/reviews.ts re-export them.

export const REVIEW_TEXT_MAX = 2000;
export const REVIEWS_PAGE_SIZE = 5;

export const REVIEW_MESSAGES = {
  notBought: 'You can review a product once an order of it has been delivered to you',
  alreadyReviewed: 'You have already reviewed this product',
  signIn: 'Sign in to rate and review this product',
  productNotFound: 'Product not found',
  reviewNotFound: 'Review not found',
} as const;
