// Settings → Integrations (issue 35): connectors and the applications they discover.
export { IntegrationsTab } from './components/integrations-tab';
