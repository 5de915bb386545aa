import { SETTINGS_LISTS, type SettingsListName } from './settings-lists';

/** The API path of one settings list. */
export const settingsListPath = (name: SettingsListName) => `/api/settings/${SETTINGS_LISTS[name]}`;
