import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCustomerDetail, AdminCustomerList } from '../../../shared/api/admin-customers';
import { apiRequest, downloadFile } from '../../api/client';

export type CustomerFilters = { q?: string; page: number };

export function useAdminCustomers(filters: CustomerFilters) {
  return useQuery({
    queryKey: ['admin', 'customers', filters],
    queryFn: ({ signal }) => apiRequest<AdminCustomerList>('/admin/customers', { query: filters, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminCustomer(id: string) {
  return useQuery({
    queryKey: ['admin', 'customer', id],
    queryFn: ({ signal }) =>
      apiRequest<AdminCustomerDetail>(`/admin/customers/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
  });
}

/** Decision 0081: a business account approved as a corporate buyer, or that approval withdrawn. */
export function useCorporateApproval(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (approved: boolean) =>
      apiRequest<AdminCustomerDetail>(`/admin/customers/${id}/corporate`, {
        method: 'PUT',
        body: { approved },
      }),
    onSuccess: (detail) => client.setQueryData(['admin', 'customer', String(id)], detail),
  });
}

export const downloadCustomers = () => downloadFile('/admin/customers/export.csv', 'customers.csv');
