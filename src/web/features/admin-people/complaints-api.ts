import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminComplaintList, AdminComplaintResponse } from '../../../shared/api/complaints';
import type { ComplaintState } from '../../../shared/complaint-rules';
import { apiRequest } from '../../api/client';

export type ComplaintFilters = { state: ComplaintState; page: number };

const complaintKeys = {
  all: ['admin', 'complaints'] as const,
  list: (filters: ComplaintFilters) => ['admin', 'complaints', filters] as const,
};

export function useAdminComplaints(filters: ComplaintFilters) {
  return useQuery({
    queryKey: complaintKeys.list(filters),
    queryFn: ({ signal }) => apiRequest<AdminComplaintList>('/admin/complaints', { query: filters, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Acknowledges or resolves one complaint, with the Grievance Officer's note. */
export function useDecideComplaint(id: number, step: 'acknowledge' | 'resolve') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { note: string }) =>
      apiRequest<AdminComplaintResponse>(`/admin/complaints/${id}/${step}`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: complaintKeys.all }),
  });
}
