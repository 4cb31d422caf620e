import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type NewReviewInput,
  ReviewEligibility,
  ReviewPage,
  type ReviewRecord,
} from '../../../shared/api/reviews';
import { apiRequest } from '../../api/client';

const keys = {
  page: (productId: number, page: number) => ['reviews', productId, 'page', page] as const,
  mine: (productId: number) => ['reviews', productId, 'mine'] as const,
  product: (productId: number) => ['reviews', productId] as const,
};

/** Issue 14: a product's visible reviews, newest first, a page at a time. */
export function useReviews(productId: number, page: number) {
  return useQuery({
    queryKey: keys.page(productId, page),
    queryFn: async ({ signal }) =>
      ReviewPage.parse(
        await apiRequest<unknown>(`/products/${productId}/reviews`, { query: { page }, signal }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Whether the signed-in customer may review the product, and their review when they have. */
export function useReviewEligibility(productId: number, signedIn: boolean) {
  return useQuery({
    queryKey: keys.mine(productId),
    queryFn: async ({ signal }) =>
      ReviewEligibility.parse(await apiRequest<unknown>(`/products/${productId}/reviews/mine`, { signal })),
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
