import { eq } from 'drizzle-orm';
import { auditEvents } from '../../db/schema';
import { everyColumnOf } from '../../db/sql-helpers';

/** The organization's audit log as a join-able subquery: the caller's query stays one statement. */
export function auditLogOf<A extends string = 'audit_log'>(orgId: string, alias = 'audit_log' as A) {
  return everyColumnOf(auditEvents, eq(auditEvents.organizationId, orgId), alias);
}
