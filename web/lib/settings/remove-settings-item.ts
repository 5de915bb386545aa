import type { DeleteSettingsItemResult } from '@common/contracts/settings-lists';
import { apiRequest } from '@/lib/api-client';
import type { SettingsListName } from './settings-lists';
import { settingsListPath } from './settings-list-path';

/** DELETE /api/settings/{list}/{id} — detaches it from the applications using it. */
export function removeSettingsItem(name: SettingsListName, id: string): Promise<DeleteSettingsItemResult> {
  return apiRequest<DeleteSettingsItemResult>(
    'DELETE',
    `${settingsListPath(name)}/${encodeURIComponent(id)}`,
  );
}
