// The back office's shop front: collections, coupons and reviews.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCollection,
  AdminCollectionChanges,
  AdminCollectionList,
  NewAdminCollection,
} from '../../../shared/api/admin';
import type {
  AdminCoupon,
  AdminCouponChanges,
  AdminCouponList,
  NewAdminCouponInput,
} from '../../../shared/api/coupons';
import type { AdminReviewList } from '../../../shared/api/reviews';
import { adminKeys } from '../../api/admin-keys';
import { apiRequest } from '../../api/client';

export function useAdminCollections() {
  return useQuery({
    queryKey: adminKeys.collections,
    queryFn: async ({ signal }) =>
      (await apiRequest<AdminCollectionList>('/admin/collections', { signal })).data,
    staleTime: 0,
  });
}

/** Decision 0077: a collection goes; its products stay. */
export function useDeleteCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/admin/collections/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.collections }),
  });
}

export function useSaveCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: NewAdminCollection | AdminCollectionChanges }) =>
      apiRequest<{ collection: AdminCollection }>(
        id === null ? '/admin/collections' : `/admin/collections/${id}`,
        {
          method: id === null ? 'POST' : 'PATCH',
          body,
        },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.collections }),
  });
}

export function useAdminCoupons() {
  return useQuery({
    queryKey: adminKeys.coupons,
    queryFn: async ({ signal }) => (await apiRequest<AdminCouponList>('/admin/coupons', { signal })).data,
    staleTime: 0,
  });
}

export function useSaveCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: NewAdminCouponInput | AdminCouponChanges }) =>
      apiRequest<{ coupon: AdminCoupon }>(id === null ? '/admin/coupons' : `/admin/coupons/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.coupons }),
  });
}

/** Decision 0077: every term of a coupon no order has used. */
export function useEditCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: NewAdminCouponInput }) =>
      apiRequest<{ coupon: AdminCoupon }>(`/admin/coupons/${id}`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.coupons }),
  });
}

/** Decision 0077: a used coupon off for good. */
export function useRetireCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ coupon: AdminCoupon }>(`/admin/coupons/${id}/retire`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.coupons }),
  });
}

export function useAdminReviews(page: number) {
  return useQuery({
    queryKey: adminKeys.reviews(page),
    queryFn: ({ signal }) => apiRequest<AdminReviewList>('/admin/reviews', { query: { page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useHideReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) =>
      apiRequest<void>(`/admin/reviews/${id}`, { method: 'PATCH', body: { hidden } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'reviews'] }),
  });
}
