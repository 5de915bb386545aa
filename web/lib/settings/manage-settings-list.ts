import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { addSettingsItem } from './add-settings-item';
import { removeSettingsItem } from './remove-settings-item';
import { renameSettingsItem } from './rename-settings-item';
import { settingsKeys, type SettingsListName } from './settings-lists';

// The data provider loads this file on first change and calls the requests through it.
export { addSettingsItem, removeSettingsItem };

// The one client for changing settings lists: the settings tabs manage every list through the API,
// projects included (the server has POST/PATCH/DELETE for all five); the data provider uses it for
// the lists it keeps remotely (projects stay local there, spec §7).

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
