// The settings feature's public face: other features import only from here (eslint enforces it).
export { useSettingsList } from './api/get-settings-list';
export { SettingsDataLayout, SettingsDataProvider, useSettingsData } from './settings-data-provider';
export { settingsKeys, type SettingsListName } from './api/settings-lists';
