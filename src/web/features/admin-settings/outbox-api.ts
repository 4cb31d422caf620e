// What the store sent and runs: the mail and message outboxes, the background jobs.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminJobs, AdminOutbox } from '../../../shared/api/admin';
import type { AdminNotifications } from '../../../shared/api/notifications';
import { adminKeys } from '../../api/admin-keys';
import { apiRequest } from '../../api/client';

export function useOutbox(page: number) {
  return useQuery({
    queryKey: adminKeys.outbox(page),
    queryFn: ({ signal }) => apiRequest<AdminOutbox>('/admin/outbox', { query: { page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Background job queues, refreshed every 15 seconds while the page is open. */
export function useJobs() {
  return useQuery({
    queryKey: adminKeys.jobs,
    queryFn: ({ signal }) => apiRequest<AdminJobs>('/admin/jobs', { signal }),
    refetchInterval: 15_000,
    staleTime: 0,
  });
}

/** The WhatsApp and SMS outbox (status, attempts, last error), newest first. */
export function useNotificationOutbox(page: number) {
  return useQuery({
    queryKey: ['admin', 'notifications', page] as const,
    queryFn: ({ signal }) =>
      apiRequest<AdminNotifications>('/admin/notifications', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}
