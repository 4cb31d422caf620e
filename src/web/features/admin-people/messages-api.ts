// Shoppers' messages to the store.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminMessages } from '../../../shared/api/messaging';
import { adminKeys } from '../../api/admin-keys';
import { apiRequest } from '../../api/client';

/** What the WhatsApp and SMS sandboxes sent, refreshed while the page is open (statuses move). */
export function useMessages(page: number) {
  return useQuery({
    queryKey: adminKeys.messages(page),
    queryFn: ({ signal }) => apiRequest<AdminMessages>('/admin/messages', { query: { page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: 5000,
  });
}
