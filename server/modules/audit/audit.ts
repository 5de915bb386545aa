import type { DbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema';

export interface AuditEntry {
  orgId: string | null;
  userId: string | null;
  action: string; // e.g. 'auth.login', 'subscription.update'
  entityType: string;
  entityId?: string | null;
  changes?: Record<string, unknown>;
  ip?: string | null;
}

/** Records who did what to which record; call it inside the mutation's transaction. */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    organizationId: entry.orgId,
    userId: entry.userId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    changes: entry.changes,
    ip: entry.ip ?? null,
  });
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
