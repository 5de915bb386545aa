// The audit log's reading side: the page owners and admins browse, its CSV export, and how long
// the organization keeps it.
import {
  auditCategoryOf,
  auditEventLabel,
  auditSummaryOf,
  type AuditExportQuery,
  type AuditQuery,
} from '../../../common/contracts/audit';
import { badRequest, notFound } from '../../errors';
import { DAY_MS } from '../../lib/clock';
import { resolveTable, type ExportColumn } from '../../lib/table-export/columns';
import type { RequestContext, ServiceDeps } from '../../types';
import { findOrganization, updateOrganization } from '../organizations';
import { recordAudit } from '../../lib/audit';
import {
  decodeAuditCursor,
  deleteEventsBefore,
  encodeAuditCursor,
  listAuditEvents,
  type AuditCursor,
  type AuditEventRow,
} from './audit.repo';

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ') || null;

/** Who or what the event is about, in words: the member, else the name the changes record. */
function targetNameOf(row: AuditEventRow): string | null {
  const member = fullName(row.targetFirstName, row.targetLastName) ?? row.targetEmail;
  if (member) return member;
  const name = row.event.changes?.name;
  if (typeof name === 'string') return name;
  if (typeof name === 'object' && name !== null && 'to' in name && typeof name.to === 'string')
    return name.to;
  return null;
}

function presentEvent(row: AuditEventRow) {
  const { event, email, firstName, lastName, apiKeyName } = row;
  const name = fullName(firstName, lastName);
  return {
    id: event.id,
    createdAt: event.createdAt,
    action: event.action,
    label: auditEventLabel(event.action, event.changes),
    category: auditCategoryOf(event.action),
    entityType: event.entityType,
    entityId: event.entityId,
    targetName: targetNameOf(row),
    summary: auditSummaryOf(event.changes),
    actor: {
      type: event.apiKeyId ? ('api_key' as const) : event.userId ? ('user' as const) : ('system' as const),
      userId: event.userId,
      name,
      email: email ?? null,
      apiKeyId: event.apiKeyId,
      apiKeyName: apiKeyName ?? null,
      systemName: event.systemActor,
    },
    ip: event.ip,
    userAgent: event.userAgent,
  };
}
type PresentedEvent = ReturnType<typeof presentEvent>;

export async function listAuditLog(deps: ServiceDeps, ctx: RequestContext, query: AuditQuery) {
  const { cursor, limit, ...filter } = query;
  const after = cursor ? decodeAuditCursor(cursor) : null;
  if (cursor && !after) throw badRequest('That page cursor is not valid.');
  const rows = await listAuditEvents(deps.db, ctx.orgId, filter, { after, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(presentEvent),
    nextCursor:
      rows.length > limit && last ? encodeAuditCursor({ at: last.cursorAt, id: last.event.id }) : null,
  };
}

/** An export reads at most this many events (newest first), in pages of EXPORT_PAGE. */
export const EXPORT_MAX_ROWS = 100_000;
const EXPORT_PAGE = 2_000;

const actorText = (e: PresentedEvent) =>
  e.actor.type === 'api_key'
    ? `API key ${e.actor.apiKeyName ?? e.actor.apiKeyId}`
    : e.actor.type === 'user'
      ? (e.actor.name ?? e.actor.email ?? e.actor.userId)
      : e.actor.systemName
        ? `System (${e.actor.systemName})`
        : 'System';

const EXPORT_COLUMNS: ExportColumn<PresentedEvent>[] = [
  { header: 'Time (UTC)', kind: 'text', value: (e) => e.createdAt.toISOString() },
  { header: 'Category', kind: 'text', value: (e) => e.category },
  { header: 'Action', kind: 'text', value: (e) => e.action },
  { header: 'Description', kind: 'text', value: (e) => e.label },
  { header: 'Actor', kind: 'text', value: actorText },
  { header: 'Actor email', kind: 'text', value: (e) => e.actor.email },
  { header: 'API key id', kind: 'text', value: (e) => e.actor.apiKeyId },
  { header: 'Target type', kind: 'text', value: (e) => e.entityType },
  { header: 'Target id', kind: 'text', value: (e) => e.entityId },
  { header: 'Target', kind: 'text', value: (e) => e.targetName },
  { header: 'Changes', kind: 'text', value: (e) => e.summary },
  { header: 'IP', kind: 'text', value: (e) => e.ip },
  { header: 'User agent', kind: 'text', value: (e) => e.userAgent },
];

/** The filtered log as one table (newest first); the export itself is audited. */
export async function exportAuditLog(deps: ServiceDeps, ctx: RequestContext, filter: AuditExportQuery) {
  const events: PresentedEvent[] = [];
  let after: AuditCursor | null = null;
  while (events.length < EXPORT_MAX_ROWS) {
    const rows = await listAuditEvents(deps.db, ctx.orgId, filter, {
      after,
      limit: Math.min(EXPORT_PAGE, EXPORT_MAX_ROWS - events.length),
    });
    events.push(...rows.map(presentEvent));
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE) break;
    after = { at: last.cursorAt, id: last.event.id };
  }
  await recordAudit(deps.db, ctx, {
    action: 'audit.export',
    entityType: 'audit_log',
    changes: { ...filter, rows: events.length },
  });
  return resolveTable({ name: 'Audit log', columns: EXPORT_COLUMNS, rows: events });
}

export async function getAuditSettings(deps: ServiceDeps, ctx: RequestContext) {
  const org = await findOrganization(deps.db, ctx.orgId);
  if (!org) throw notFound('Organization');
  return { retentionDays: org.auditRetentionDays };
}

export async function updateAuditSettings(
  deps: ServiceDeps,
  ctx: RequestContext,
  input: { retentionDays: number },
) {
  return deps.db.transaction(async (tx) => {
    const before = await findOrganization(tx, ctx.orgId);
    if (!before) throw notFound('Organization');
    if (before.auditRetentionDays !== input.retentionDays) {
      await updateOrganization(tx, ctx.orgId, { auditRetentionDays: input.retentionDays }, deps.clock.now());
      await recordAudit(tx, ctx, {
        action: 'audit.retention_update',
        entityType: 'organization',
        entityId: ctx.orgId,
        changes: { retentionDays: { from: before.auditRetentionDays, to: input.retentionDays } },
      });
    }
    return { retentionDays: input.retentionDays };
  });
}

const PURGE_BATCH = 5_000;

/**
 * Deletes the organization's events older than its retention (0 keeps everything), in batches of
 * PURGE_BATCH rows so no statement holds a long lock. Answers how many went.
 */
export async function purgeExpiredAuditEvents(deps: ServiceDeps, orgId: string): Promise<number> {
  const org = await findOrganization(deps.db, orgId);
  if (!org || org.auditRetentionDays <= 0) return 0;
  const before = new Date(deps.clock.now().getTime() - org.auditRetentionDays * DAY_MS);
  let total = 0;
  for (;;) {
    const deleted = await deleteEventsBefore(deps.db, orgId, before, PURGE_BATCH);
    total += deleted;
    if (deleted < PURGE_BATCH) return total;
  }
}
