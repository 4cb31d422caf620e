import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBulkEnquiryList,
  BulkEnquiryStatus,
  UpdateBulkEnquiry,
} from '../../../shared/api/bulk-enquiries';
import { apiRequest } from '../../api/client';

export type BulkEnquiryFilters = { status?: BulkEnquiryStatus | undefined; page: number };

const bulkEnquiryKeys = {
  all: ['admin', 'bulk-enquiries'] as const,
  list: (filters: BulkEnquiryFilters) => ['admin', 'bulk-enquiries', filters] as const,
};

export function useBulkEnquiries(filters: BulkEnquiryFilters) {
  return useQuery({
    queryKey: bulkEnquiryKeys.list(filters),
    queryFn: ({ signal }) =>
      apiRequest<AdminBulkEnquiryList>('/admin/bulk-enquiries', { query: filters, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useUpdateBulkEnquiry(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBulkEnquiry) =>
      apiRequest(`/admin/bulk-enquiries/${id}`, { method: 'PATCH', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: bulkEnquiryKeys.all }),
  });
}
