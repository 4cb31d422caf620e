// The reviews module's public entry: ratings and reviews of what customers bought.

export {
  createReviewService,
  type ReviewService,
  removeDemoReviews,
  reviewsWrittenBy,
} from './review-service';
export { reviewRoutes } from './routes';
