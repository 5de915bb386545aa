import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  DeleteSettingsItemResult,
  SettingsItem as SettingsItemWire,
} from '@common/contracts/settings-lists';
import { apiRequest } from '@/lib/api-client';
import { SETTINGS_LISTS, settingsKeys, type SettingsListName } from './settings-lists';

// The one client for changing settings lists: the settings tabs manage every list through the API,
// projects included (the server has POST/PATCH/DELETE for all five); the data provider uses it for
// the lists it keeps remotely (projects stay local there, spec §7).

const base = (name: SettingsListName) => `/api/settings/${SETTINGS_LISTS[name]}`;

/** POST /api/settings/{list} */
export function addSettingsItem(
  name: SettingsListName,
  body: { name: string } & Record<string, unknown>,
): Promise<SettingsItemWire> {
  return apiRequest<SettingsItemWire>('POST', base(name), body);
}

/** PATCH /api/settings/{list}/{id} — rename. */
export function renameSettingsItem(
  name: SettingsListName,
  id: string,
  newName: string,
): Promise<SettingsItemWire> {
  return apiRequest<SettingsItemWire>('PATCH', `${base(name)}/${encodeURIComponent(id)}`, { name: newName });
}

/** DELETE /api/settings/{list}/{id} — detaches it from the applications using it. */
export function removeSettingsItem(name: SettingsListName, id: string): Promise<DeleteSettingsItemResult> {
  return apiRequest<DeleteSettingsItemResult>('DELETE', `${base(name)}/${encodeURIComponent(id)}`);
}

/** After a change to a list: refetch it and the applications showing its names. */
export function settingsListChanged(queryClient: QueryClient, name: SettingsListName) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: settingsKeys.list(name) }),
    queryClient.invalidateQueries({ queryKey: ['subscriptions'] }),
  ]);
}

/** Add, rename and remove for one list; each invalidates the list and the applications showing it. */
export function useManageSettingsList(name: SettingsListName) {
  const queryClient = useQueryClient();
  const onSuccess = () => settingsListChanged(queryClient, name);
  return {
    add: useMutation({
      mutationFn: (item: { name: string } & Record<string, unknown>) => addSettingsItem(name, item),
      onSuccess,
    }),
    rename: useMutation({
      mutationFn: (input: { id: string; name: string }) => renameSettingsItem(name, input.id, input.name),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => removeSettingsItem(name, id), onSuccess }),
  };
}
