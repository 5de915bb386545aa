// The settings feature's public face: the app layer imports only from here (eslint enforces it).
export { OrganizationTab } from './components/organization-tab';
export { ProfileTab } from './components/profile-tab';
export { SettingsListTab } from './components/settings-list-tab';
export { SettingsShell } from './components/settings-shell';
export { findSettingsTab, RENAMED_SETTINGS_TABS, SETTINGS_TABS } from './components/settings-tabs';
