import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGetOr } from '@/lib/api-client';
import { SETTINGS_LISTS, settingsKeys, type SettingsItem, type SettingsListName } from './settings-lists';

/** GET /api/settings/{list}; an endpoint that does not exist yet (404) reads as an empty list. */
export function getSettingsList(name: SettingsListName): Promise<SettingsItem[]> {
  return apiGetOr<SettingsItem[]>(`/api/settings/${SETTINGS_LISTS[name]}`, []);
}

export const settingsListQuery = (name: SettingsListName) =>
  queryOptions({ queryKey: settingsKeys.list(name), queryFn: () => getSettingsList(name) });

export function useSettingsList(name: SettingsListName, options: { enabled?: boolean } = {}) {
  return useQuery({ ...settingsListQuery(name), enabled: options.enabled ?? true });
}
