import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryAnswer, OrderTrackingResponse, TrackResponse } from '../../../shared/api/courier';
import { apiRequest } from '../../api/client';

// An order's courier tracking, for its shopper and (by number and contact) for anyone.

const trackingKey = (orderId: string) => ['tracking', orderId] as const;

/** The signed-in shopper's tracking of their order; null until it ships. */
export function useOrderTracking(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: trackingKey(orderId),
    queryFn: ({ signal }) =>
      apiRequest<OrderTrackingResponse>(`/orders/${encodeURIComponent(orderId)}/tracking`, { signal }),
    enabled,
    staleTime: 0,
  });
}

export function useAnswerFailedDelivery(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: DeliveryAnswer) =>
      apiRequest<OrderTrackingResponse>(`/orders/${encodeURIComponent(orderId)}/delivery-answer`, {
        method: 'POST',
        body: answer,
      }),
    onSuccess: (answer) => client.setQueryData(trackingKey(orderId), answer),
  });
}

/** GET /track: an order by its number and the phone or e-mail on it. */
export function useTrackOrder() {
  return useMutation({
    mutationFn: (query: { orderNumber: string; contact: string }) =>
      apiRequest<TrackResponse>('/track', { query }),
  });
}
