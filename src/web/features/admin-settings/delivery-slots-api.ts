import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeliverySlotInput,
  DeliverySlotList,
  DeliverySlotRecord,
} from '../../../shared/api/delivery-slots';
import { apiRequest } from '../../api/client';

// Decision 0073: the owner's timed delivery slots.

const key = ['admin', 'delivery-slots'] as const;

export function useDeliverySlots() {
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      (await apiRequest<DeliverySlotList>('/admin/delivery-slots', { signal })).slots,
    staleTime: 0,
  });
}

export function useSaveDeliverySlot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DeliverySlotInput }) =>
      apiRequest<{ slot: DeliverySlotRecord }>(
        id === null ? '/admin/delivery-slots' : `/admin/delivery-slots/${id}`,
        {
          method: id === null ? 'POST' : 'PUT',
          body,
        },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteDeliverySlot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/admin/delivery-slots/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
