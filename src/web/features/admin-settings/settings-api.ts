import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnerSettings, OwnerSettingsResponse } from '../../../shared/owner-settings';
import type { StoreSettings } from '../../../shared/store-settings';
import { apiRequest } from '../../api/client';
import { applyServerSettings } from '../../app-data';

// The owner's Settings page.

const keys = {
  settings: ['admin', 'settings'] as const,
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
