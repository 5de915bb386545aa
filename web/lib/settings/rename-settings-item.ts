import type { SettingsItem as SettingsItemWire } from '@common/contracts/settings-lists';
import { apiRequest } from '@/lib/api-client';
import type { SettingsListName } from './settings-lists';
import { settingsListPath } from './settings-list-path';

/** PATCH /api/settings/{list}/{id} — rename. */
export function renameSettingsItem(
  name: SettingsListName,
  id: string,
  newName: string,
): Promise<SettingsItemWire> {
  return apiRequest<SettingsItemWire>('PATCH', `${settingsListPath(name)}/${encodeURIComponent(id)}`, {
    name: newName,
  });
}
