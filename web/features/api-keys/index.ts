// API keys (issue 21): the Settings → API tab (web/app/pages/settings-page.tsx).
export { ApiKeysTab } from './components/api-keys-tab';
