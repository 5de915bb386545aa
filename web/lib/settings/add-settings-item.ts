import type { SettingsItem as SettingsItemWire } from '@common/contracts/settings-lists';
import { apiRequest } from '@/lib/api-client';
import type { SettingsListName } from './settings-lists';
import { settingsListPath } from './settings-list-path';

/** POST /api/settings/{list} */
export function addSettingsItem(
  name: SettingsListName,
  body: { name: string } & Record<string, unknown>,
): Promise<SettingsItemWire> {
  return apiRequest<SettingsItemWire>('POST', settingsListPath(name), body);
}
