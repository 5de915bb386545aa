import { eq, getTableColumns } from 'drizzle-orm';
import { bulkInsert } from '../../db/bulk-insert';
import { currentActor } from '../../lib/request-actor';
import type { DbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { subqueryBuilder } from '../../db/sql-helpers';

export interface AuditEntry {
  orgId: string | null;
  userId: string | null;
  action: string; // e.g. 'auth.login', 'subscription.update'
  entityType: string;
  entityId?: string | null;
  changes?: Record<string, unknown>;
  ip?: string | null;
}

/** The row for an entry; where it came from (IP, browser, API key) defaults to the current request's. */
const toRow = (entry: AuditEntry): typeof auditEvents.$inferInsert => {
  const actor = currentActor();
  return {
    organizationId: entry.orgId,
    userId: entry.userId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    changes: entry.changes ?? null,
    ip: entry.ip ?? actor?.ip ?? null,
    userAgent: actor?.userAgent ?? null,
    apiKeyId: actor?.apiKeyId ?? null,
  };
};

/** Records who did what to which record; call it inside the mutation's transaction. */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values(toRow(entry));
}

/** Records many entries in bulk statements (imports, bulk edits); inside the mutation's transaction. */
export async function recordAudits(db: DbOrTx, entries: AuditEntry[]): Promise<void> {
  await bulkInsert(db, auditEvents, entries.map(toRow));
}

/** The organization's audit log as a join-able subquery: the caller's query stays one statement. */
export function auditLogOf<A extends string = 'audit_log'>(orgId: string, alias = 'audit_log' as A) {
  return subqueryBuilder
    .select(getTableColumns(auditEvents))
    .from(auditEvents)
    .where(eq(auditEvents.organizationId, orgId))
    .as(alias);
}

/** Only the fields whose value changed, as { field: { from, to } }. */
export function diffChanges<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [key, to] of Object.entries(after)) {
    if (to === undefined) continue;
    const from = before[key];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}
