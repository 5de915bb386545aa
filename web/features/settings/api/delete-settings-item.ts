import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { RemoteSettingsList } from './create-settings-item';
import { SETTINGS_LISTS, settingsKeys } from './settings-lists';

/** DELETE /api/settings/{list}/{id} */
export function deleteSettingsItem(name: RemoteSettingsList, id: string): Promise<void> {
  return apiRequest('DELETE', `/api/settings/${SETTINGS_LISTS[name]}/${encodeURIComponent(id)}`);
}

export function useDeleteSettingsItem(name: RemoteSettingsList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSettingsItem(name, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.list(name) }),
  });
}
