// API keys (issue 21): the Settings → API tab (web/features/settings/components/settings-page.tsx).
export { ApiKeysTab } from './components/api-keys-tab';
