import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewReviewInput, ReviewPage, ReviewRecord } from '../../../shared/api/reviews';
import { apiRequest, parsedAnswer } from '../../api/client';

// The schemas (and Zod) load with the first answer, not with the product page (docs/performance.md).
const reviewSchemas = () => import('../../../shared/api/reviews');

const keys = {
  page: (productId: number, page: number) => ['reviews', productId, 'page', page] as const,
  mine: (productId: number) => ['reviews', productId, 'mine'] as const,
  product: (productId: number) => ['reviews', productId] as const,
};

/** A product's visible reviews, newest first, a page at a time. */
export function useReviews(productId: number, page: number) {
  return useQuery({
    queryKey: keys.page(productId, page),
    queryFn: ({ signal }) =>
      parsedAnswer<ReviewPage>(
        reviewSchemas().then((schemas) => schemas.ReviewPage),
        apiRequest<unknown>(`/products/${productId}/reviews`, { query: { page }, signal }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Whether the signed-in customer may review the product, and their review when they have. */
export function useReviewEligibility(productId: number, signedIn: boolean) {
  return useQuery({
    queryKey: keys.mine(productId),
    queryFn: ({ signal }) =>
      parsedAnswer(
        reviewSchemas().then((schemas) => schemas.ReviewEligibility),
        apiRequest<unknown>(`/products/${productId}/reviews/mine`, { signal }),
      ),
    enabled: signedIn,
    staleTime: 0,
  });
}

export function useSubmitReview(productId: number, onReviewed?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewReviewInput) =>
      apiRequest<{ review: ReviewRecord }>(`/products/${productId}/reviews`, { method: 'POST', body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.product(productId) });
      onReviewed?.();
    },
  });
}
