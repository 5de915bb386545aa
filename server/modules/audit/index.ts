// The audit module's public face: other modules import only from here (eslint enforces it).
export { auditLogOf, diffChanges, recordAudit, recordAudits } from './audit';
export type { AuditEntry } from './audit';
export { auditRetentionJob } from './audit.job';
export { auditRoutes } from './audit.routes';
