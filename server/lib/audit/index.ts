// Writing the audit log (platform code: every module writes, the audit module reads).
export { diffChanges } from './diff-changes';
export {
  collectAuditSteps,
  foldSteps,
  recordAudit,
  recordAudits,
  recordAuditWithoutContext,
  withSteps,
  type AuditEntry,
  type AuditEvent,
} from './record-audit';
