// The audit log's writer: every module records its changes here, inside its own transaction. The
// actor columns come from the acting context (the member, an API key and its maker; no member for a
// SCIM token or the system, which names itself) and, where a request came from (IP, browser), from
// the request's origin.
import { bulkInsert } from '../../db/bulk-insert';
import type { DbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { actingApiKeyId, actingUserId, type ActingContext, type AuditStep } from '../acting-context';
import { currentActor } from '../request-actor';

/** An entry with its author spelled out: for events before any context exists (sign-up, sign-in). */
export interface AuditEntry {
  orgId: string | null;
  userId: string | null;
  action: string; // e.g. 'auth.login', 'subscription.update'
  entityType: string;
  entityId?: string | null;
  changes?: Record<string, unknown>;
  ip?: string | null;
}

/** What happened, when the acting context says who did it. */
export interface AuditEvent {
  action: string;
  entityType: string;
  entityId?: string | null;
  changes?: Record<string, unknown>;
}

type AuditRow = typeof auditEvents.$inferInsert;

/** The row for an explicit entry; where it came from (IP, browser, API key) is the current request's. */
const entryRow = (entry: AuditEntry): AuditRow => {
  const origin = currentActor();
  return {
    organizationId: entry.orgId,
    userId: entry.userId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    changes: entry.changes ?? null,
    ip: entry.ip ?? origin?.ip ?? null,
    userAgent: origin?.userAgent ?? null,
    apiKeyId: origin?.apiKeyId ?? null,
  };
};

/**
 * The member a row names as its author: the context's acting member, except for a SCIM token,
 * whose changes are the identity provider's doing (no member, shown as Stackwise).
 */
const authorOf = (ctx: ActingContext): string | null =>
  ctx.actor.type === 'scim_token' ? null : actingUserId(ctx);

/** The row for an event in an acting context: the actor columns are the context's. */
const contextRow = (ctx: ActingContext, event: AuditEvent): AuditRow => {
  const origin = currentActor();
  return {
    organizationId: ctx.orgId,
    userId: authorOf(ctx),
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId ?? null,
    changes: event.changes ?? null,
    ip: origin?.ip ?? null,
    userAgent: origin?.userAgent ?? null,
    apiKeyId: actingApiKeyId(ctx),
    systemActor: ctx.actor.type === 'system' ? ctx.actor.name : null,
  };
};

const stepOf = (event: AuditEvent): AuditStep => ({
  action: event.action,
  entityType: event.entityType,
  entityId: event.entityId ?? null,
  changes: event.changes ?? null,
});

/**
 * Records who did what to which record; call it inside the mutation's transaction. Inside an
 * action that writes one row for several steps (`collectAuditSteps`), the event becomes a step.
 */
export async function recordAudit(db: DbOrTx, ctx: ActingContext, event: AuditEvent): Promise<void> {
  if (ctx.auditSteps) {
    ctx.auditSteps.push(stepOf(event));
    return;
  }
  await db.insert(auditEvents).values(contextRow(ctx, event));
}

/** Records many events of one context in bulk statements (imports, bulk edits); inside the mutation's transaction. */
export async function recordAudits(db: DbOrTx, ctx: ActingContext, events: AuditEvent[]): Promise<void> {
  if (ctx.auditSteps) {
    ctx.auditSteps.push(...events.map(stepOf));
    return;
  }
  await bulkInsert(
    db,
    auditEvents,
    events.map((event) => contextRow(ctx, event)),
  );
}

/**
 * Records an event that happens before any acting context exists — signing up, signing in,
 * resetting a password, an e-mailed link answered without signing in — with its author spelled
 * out. Everything else records through `recordAudit`; acting-context.test.ts lists the callers.
 */
export async function recordAuditWithoutContext(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values(entryRow(entry));
}

/**
 * Runs the steps of one user-visible action (booking an invoice: an application, an expense, a
 * link) with a context that collects their audit events instead of writing them; the action then
 * records one row, with the steps in its changes (`steps`, which the log's summary leaves out).
 */
export async function collectAuditSteps<C extends ActingContext, T>(
  ctx: C,
  run: (ctx: C) => Promise<T>,
): Promise<{ result: T; steps: AuditStep[] }> {
  const steps: AuditStep[] = ctx.auditSteps ?? [];
  const result = await run({ ...ctx, auditSteps: steps });
  return { result, steps };
}

/** An action's changes with the steps it was made of (none: the changes as they are). */
export function withSteps(changes: Record<string, unknown>, steps: AuditStep[]): Record<string, unknown> {
  if (steps.length === 0) return changes;
  return {
    ...changes,
    steps: steps.map(({ action, entityType, entityId, changes }) => ({
      action,
      entityType,
      entityId,
      changes,
    })),
  };
}

/** The one event of collected steps: the (first) step named `action`, carrying the others. */
export function foldSteps(steps: AuditStep[], action: string): AuditEvent {
  const main = steps.find((step) => step.action === action);
  if (!main) throw new Error(`No ${action} step to record`);
  return {
    action: main.action,
    entityType: main.entityType,
    entityId: main.entityId,
    changes: withSteps(
      main.changes ?? {},
      steps.filter((step) => step !== main),
    ),
  };
}
