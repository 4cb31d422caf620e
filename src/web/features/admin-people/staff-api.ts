import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewStaffInvite, StaffInviteSent, StaffList } from '../../../shared/api/staff';
import type { StaffRole } from '../../../shared/staff-roles';
import { apiRequest } from '../../api/client';

// The owner's Staff page: the team, its roles and invitations.

const staffKey = ['admin', 'staff'] as const;

export function useStaff() {
  return useQuery({
    queryKey: staffKey,
    queryFn: ({ signal }) => apiRequest<StaffList>('/admin/staff', { signal }),
    staleTime: 0,
  });
}

function useStaffChange<T, R = unknown>(mutationFn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void client.invalidateQueries({ queryKey: staffKey }),
  });
}

export const useInviteStaff = () =>
  useStaffChange((invite: NewStaffInvite) =>
    apiRequest<StaffInviteSent>('/admin/staff/invites', { method: 'POST', body: invite }),
  );

export const useRevokeInvite = () =>
  useStaffChange((id: number) => apiRequest<void>(`/admin/staff/invites/${id}`, { method: 'DELETE' }));

export const useChangeStaffRole = () =>
  useStaffChange(({ id, staffRole }: { id: number; staffRole: StaffRole | 'none' }) =>
    apiRequest<void>(`/admin/staff/${id}`, { method: 'PATCH', body: { staffRole } }),
  );
