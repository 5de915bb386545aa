import { auditSearch, type AuditFilters } from './keys';

/** The CSV of the log with the current filters; a plain link downloads it with the session cookie. */
export const auditExportUrl = (filters: AuditFilters) => `/api/audit/export.csv${auditSearch(filters)}`;
