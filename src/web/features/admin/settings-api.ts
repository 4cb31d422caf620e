import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewStaffInvite, StaffInviteSent, StaffList } from '../../../shared/api/staff';
import type { OwnerSettings, OwnerSettingsResponse } from '../../../shared/owner-settings';
import type { StaffRole } from '../../../shared/staff-roles';
import type { StoreSettings } from '../../../shared/store-settings';
import { apiRequest } from '../../api/client';
import { applyServerSettings } from '../../app-data';

// The owner's Settings and Staff pages.

const keys = {
  settings: ['admin', 'settings'] as const,
  staff: ['admin', 'staff'] as const,
};

export function useOwnerSettings() {
  return useQuery({
    queryKey: keys.settings,
    queryFn: ({ signal }) => apiRequest<OwnerSettingsResponse>('/admin/settings', { signal }),
    staleTime: 0,
  });
}

export function useSaveOwnerSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: OwnerSettings) =>
      apiRequest<OwnerSettingsResponse>('/admin/settings', { method: 'PUT', body: settings }),
    onSuccess: async (answer) => {
      client.setQueryData(keys.settings, answer);
      // This tab's copy of the public settings (fee, store name), read with the page, follows.
      applyServerSettings(await apiRequest<StoreSettings>('/config'));
    },
  });
}

export function useStaff() {
  return useQuery({
    queryKey: keys.staff,
    queryFn: ({ signal }) => apiRequest<StaffList>('/admin/staff', { signal }),
    staleTime: 0,
  });
}

function useStaffChange<T, R = unknown>(mutationFn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.staff }),
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
