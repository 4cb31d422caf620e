import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

export const downloadCustomers = () => downloadFile('/admin/customers/export.csv', 'customers.csv');
