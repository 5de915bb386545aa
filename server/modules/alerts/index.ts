// The alerts module's public face: other modules import only from here (eslint enforces it).
export { chargedAfterCancellationAlert, formatDay, overExpectedAlert } from './alert-rules';
export type { Alert } from './alert-rules';
export { loadSettings } from './alert-settings.repo';
export { alertRulesOf, raiseAlerts, summaryRecipients } from './alerts.service';
