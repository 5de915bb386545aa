// The audit module's public face: other modules import only from here (eslint enforces it).
// It reads the log; writing it is platform code (`server/lib/audit`), so every module may write
// without depending on this one.
export { auditLogOf } from './audit-log-of.repo';
