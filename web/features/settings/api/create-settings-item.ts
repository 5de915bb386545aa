import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SETTINGS_LISTS, settingsKeys, type SettingsItem, type SettingsListName } from './settings-lists';

/** Lists whose items are created through the API (projects are kept locally, spec §7). */
export type RemoteSettingsList = Exclude<SettingsListName, 'projects'>;

/** POST /api/settings/{list} */
export function createSettingsItem(
  name: RemoteSettingsList,
  item: Record<string, unknown>,
): Promise<SettingsItem> {
  return apiRequest<SettingsItem>('POST', `/api/settings/${SETTINGS_LISTS[name]}`, item);
}

export function useCreateSettingsItem(name: RemoteSettingsList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: Record<string, unknown>) => createSettingsItem(name, item),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.list(name) }),
  });
}
