// Reading and purging the audit log. Every query is scoped to one organization and walks the
// (organization, created_at) or (organization, action, created_at) index, newest first.
import { and, desc, eq, gte, ilike, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../../common/dates';
import {
  AUDIT_ACTIONS,
  AUDIT_AREA_CATEGORIES,
  AUDIT_FALLBACK_CATEGORY,
  type AuditCategory,
  type AuditExportQuery,
} from '../../../common/contracts/audit';
import type { DbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { escapeLike } from '../../db/sql-helpers';
import { apiKeyNames } from '../api-keys';
import { userNames } from '../organizations';

const KNOWN_ACTIONS = Object.keys(AUDIT_ACTIONS);
const actionsOf = (test: (label: string, category: AuditCategory) => boolean) =>
  Object.entries(AUDIT_ACTIONS)
    .filter(([, [label, category]]) => test(label, category))
    .map(([action]) => action);
const area = sql`split_part(${auditEvents.action}, '.', 1)`;

/** The stored actions of a category, as `auditCategoryOf` (common/contracts/audit.ts) decides it. */
function categoryCondition(category: AuditCategory): SQL {
  const areas = Object.entries(AUDIT_AREA_CATEGORIES)
    .filter(([, c]) => c === category)
    .map(([a]) => a);
  const unknown = notInArray(auditEvents.action, KNOWN_ACTIONS);
  const byArea =
    category === AUDIT_FALLBACK_CATEGORY
      ? and(unknown, sql`${area} not in ${Object.keys(AUDIT_AREA_CATEGORIES)}`)
      : areas.length > 0
        ? and(unknown, sql`${area} in ${areas}`)
        : undefined;
  const known = actionsOf((_, c) => c === category);
  return or(known.length > 0 ? inArray(auditEvents.action, known) : undefined, byArea)!;
}

/** Free text: the action, its label, the entity and the changes. */
function textCondition(q: string): SQL {
  const pattern = `%${escapeLike(q)}%`;
  const needle = q.toLowerCase();
  const labelled = actionsOf((label) => label.toLowerCase().includes(needle));
  return or(
    ilike(auditEvents.action, pattern),
    ilike(auditEvents.entityType, pattern),
    ilike(auditEvents.entityId, pattern),
    sql`${auditEvents.changes}::text ilike ${pattern}`,
    labelled.length > 0 ? inArray(auditEvents.action, labelled) : undefined,
  )!;
}

function filterConditions(orgId: string, filter: AuditExportQuery): SQL[] {
  const conditions: SQL[] = [eq(auditEvents.organizationId, orgId)];
  // Calendar days in UTC, `to` included.
  if (filter.from) conditions.push(gte(auditEvents.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) conditions.push(lt(auditEvents.createdAt, new Date(`${addDays(filter.to, 1)}T00:00:00Z`)));
  if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
  if (filter.category) conditions.push(categoryCondition(filter.category));
  if (filter.actor) {
    conditions.push(or(eq(auditEvents.userId, filter.actor), eq(auditEvents.apiKeyId, filter.actor))!);
  }
  if (filter.entityType) conditions.push(eq(auditEvents.entityType, filter.entityType));
  if (filter.entityId) conditions.push(eq(auditEvents.entityId, filter.entityId));
  if (filter.q) conditions.push(textCondition(filter.q));
  return conditions;
}

/** Keyset position: the last row's created_at (as PostgreSQL prints it, to the microsecond) and id. */
export interface AuditCursor {
  at: string;
  id: string;
}

export function encodeAuditCursor(cursor: AuditCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');
}

export function decodeAuditCursor(cursor: string): AuditCursor | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/.test(id)) return null;
  return { at, id };
}

/** Events newest first with their author's and API key's names; `limit + 1` tells if more follow. */
export async function listAuditEvents(
  db: DbOrTx,
  orgId: string,
  filter: AuditExportQuery,
  page: { after: AuditCursor | null; limit: number },
) {
  const conditions = filterConditions(orgId, filter);
  if (page.after) {
    conditions.push(
      sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${page.after.at}::timestamptz, ${page.after.id}::uuid)`,
    );
  }
  const user = userNames('audit_users');
  const target = userNames('audit_targets');
  const key = apiKeyNames('audit_keys');
  return (
    db
      .select({
        event: auditEvents,
        cursorAt: sql<string>`${auditEvents.createdAt}::text`,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        apiKeyName: key.name,
        targetFirstName: target.firstName,
        targetLastName: target.lastName,
        targetEmail: target.email,
      })
      .from(auditEvents)
      .leftJoin(user, eq(user.id, auditEvents.userId))
      .leftJoin(
        key,
        and(eq(key.id, auditEvents.apiKeyId), eq(key.organizationId, auditEvents.organizationId)),
      )
      // A member the event is about (role changes, removals): named, since their id says nothing.
      .leftJoin(
        target,
        and(
          inArray(auditEvents.entityType, ['user', 'membership']),
          sql`${target.id}::text = ${auditEvents.entityId}`,
        ),
      )
      .where(and(...conditions))
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(page.limit)
  );
}
export type AuditEventRow = Awaited<ReturnType<typeof listAuditEvents>>[number];

/** Deletes up to `batch` of the organization's events older than `before`; answers how many. */
export async function deleteEventsBefore(db: DbOrTx, orgId: string, before: Date, batch: number) {
  const doomed = db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(and(eq(auditEvents.organizationId, orgId), lt(auditEvents.createdAt, before)))
    .limit(batch);
  const deleted = await db
    .delete(auditEvents)
    .where(inArray(auditEvents.id, doomed))
    .returning({ id: auditEvents.id });
  return deleted.length;
}
