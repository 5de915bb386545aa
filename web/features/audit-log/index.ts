// The audit log (issue 21): Settings → Audit log renders AuditLogTab.
export { AuditLogTab } from './components/audit-log-tab';
