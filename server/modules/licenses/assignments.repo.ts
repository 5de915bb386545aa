import { notArchived } from '../../db/live-applications';
import { publishEvent } from '../../lib/events/publish';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { UnassignReason } from '../../../common/contracts/people';
import type { ActivitySignal, UsageSource } from '../../../common/licenses';
import type { DbOrTx } from '../../db/client';
import { licenseAssignments, licensePools, people } from '../../db/schema';
import { subqueryBuilder } from '../../db/sql-helpers';
import { membersOf } from '../organizations';
import { subscriptionsOf } from '../subscriptions';
import { inChunks } from '../../db/bulk-insert';

export type AssignmentInsert = typeof licenseAssignments.$inferInsert;

/**
 * The organization's seats (open and closed) with their pool's application and tier, as a
 * join-able subquery.
 */
export function seatsOf<A extends string = 'seat'>(orgId: string, alias = 'seat' as A) {
  return subqueryBuilder
    .select({
      id: licenseAssignments.id,
      poolId: licenseAssignments.poolId,
      personId: licenseAssignments.personId,
      assignedAt: licenseAssignments.assignedAt,
      lastActiveAt: licenseAssignments.lastActiveAt,
      source: licenseAssignments.source,
      activitySignal: licenseAssignments.activitySignal,
      unassignedAt: licenseAssignments.unassignedAt,
      subscriptionId: licensePools.subscriptionId,
      tierName: licensePools.tierName,
    })
    .from(licenseAssignments)
    .innerJoin(
      licensePools,
      and(eq(licensePools.organizationId, orgId), eq(licensePools.id, licenseAssignments.poolId)),
    )
    .where(eq(licenseAssignments.organizationId, orgId))
    .as(alias);
}

/** An open seat, or null once it was closed. */
export async function findOpenSeat(db: DbOrTx, orgId: string, id: string) {
  const seat = seatsOf(orgId);
  const [row] = await db
    .select()
    .from(seat)
    .where(and(eq(seat.id, id), isNull(seat.unassignedAt)));
  return row ?? null;
}

/** The holder confirmed they still use the seat (an attestation): it counts as activity. */
export async function markSeatKept(db: DbOrTx, orgId: string, id: string, now: Date) {
  await db
    .update(licenseAssignments)
    .set({ lastActiveAt: now, source: 'attestation', activitySignal: 'usage' })
    .where(and(eq(licenseAssignments.organizationId, orgId), eq(licenseAssignments.id, id)));
}

/**
 * Moves lastActiveAt of open seats forward (never back) and marks the source (a usage import, or a connector);
 * `overwrite` sets it as given (the user chose to update a day already recorded).
 */
export async function recordSeatActivity(
  db: DbOrTx,
  orgId: string,
  updates: Array<{ id: string; seenAt: Date }>,
  options: { overwrite?: boolean; signal?: ActivitySignal; source?: UsageSource } = {},
) {
  const signal = options.signal ?? 'usage';
  const source = options.source ?? 'csv';
  const forwardOnly = options.overwrite
    ? sql``
    : sql`and (${licenseAssignments.lastActiveAt} is null or ${licenseAssignments.lastActiveAt} < v.seen)`;
  for (let i = 0; i < updates.length; i += 2000) {
    const chunk = updates.slice(i, i + 2000);
    const values = sql.join(
      chunk.map((u) => sql`(${u.id}::uuid, ${u.seenAt.toISOString()}::timestamptz)`),
      sql`, `,
    );
    await db.execute(sql`
      update ${licenseAssignments} set last_active_at = v.seen, source = ${source}, activity_signal = ${signal}
      from (values ${values}) as v(id, seen)
      where ${licenseAssignments.id} = v.id
        and ${licenseAssignments.organizationId} = ${orgId}
        and ${licenseAssignments.unassignedAt} is null
        ${forwardOnly}`);
  }
}

/** Sets open seats' assignment dates as given (an export's real dates replace the recorded ones). */
export async function recordSeatAssignments(
  db: DbOrTx,
  orgId: string,
  updates: Array<{ id: string; assignedAt: Date }>,
) {
  for (let i = 0; i < updates.length; i += 2000) {
    const values = sql.join(
      updates.slice(i, i + 2000).map((u) => sql`(${u.id}::uuid, ${u.assignedAt.toISOString()}::timestamptz)`),
      sql`, `,
    );
    await db.execute(sql`
      update ${licenseAssignments} set assigned_at = v.assigned
      from (values ${values}) as v(id, assigned)
      where ${licenseAssignments.id} = v.id
        and ${licenseAssignments.organizationId} = ${orgId}
        and ${licenseAssignments.unassignedAt} is null`);
  }
}

const assignmentWithPerson = {
  id: licenseAssignments.id,
  poolId: licenseAssignments.poolId,
  personId: licenseAssignments.personId,
  firstName: people.firstName,
  lastName: people.lastName,
  email: people.email,
  department: people.department,
  personStatus: people.status,
  assignedAt: licenseAssignments.assignedAt,
  lastActiveAt: licenseAssignments.lastActiveAt,
  source: licenseAssignments.source,
  assignedFrom: licenseAssignments.assignedFrom,
  unassignedAt: licenseAssignments.unassignedAt,
  unassignReason: licenseAssignments.unassignReason,
};
function poolAssignments(db: DbOrTx, orgId: string, poolId: string, open: boolean) {
  return db
    .select(assignmentWithPerson)
    .from(licenseAssignments)
    .innerJoin(people, and(eq(people.id, licenseAssignments.personId), eq(people.organizationId, orgId)))
    .where(
      and(
        eq(licenseAssignments.organizationId, orgId),
        eq(licenseAssignments.poolId, poolId),
        open ? isNull(licenseAssignments.unassignedAt) : isNotNull(licenseAssignments.unassignedAt),
      ),
    );
}

export async function openAssignmentsOfPool(db: DbOrTx, orgId: string, poolId: string) {
  return poolAssignments(db, orgId, poolId, true).orderBy(asc(people.lastName), asc(people.firstName));
}
export type AssignmentWithPerson = Awaited<ReturnType<typeof openAssignmentsOfPool>>[number];

export async function closedAssignmentsOfPool(db: DbOrTx, orgId: string, poolId: string, limit = 50) {
  return poolAssignments(db, orgId, poolId, false)
    .orderBy(desc(licenseAssignments.unassignedAt))
    .limit(limit);
}

/** Open seats of the given people (or all people when omitted), with pool, application and owner. */
export async function openLicensesOfPeople(db: DbOrTx, orgId: string, personIds?: string[]) {
  if (personIds && personIds.length === 0) return [];
  const subscriptions = subscriptionsOf(orgId);
  // The owner's name and address only while they still belong to the organization.
  const owner = membersOf(orgId, 'owner');
  return db
    .select({
      id: licenseAssignments.id,
      personId: licenseAssignments.personId,
      poolId: licenseAssignments.poolId,
      assignedAt: licenseAssignments.assignedAt,
      lastActiveAt: licenseAssignments.lastActiveAt,
      source: licenseAssignments.source,
      tierName: licensePools.tierName,
      unitPriceMinor: licensePools.unitPriceMinor,
      billingCycle: licensePools.billingCycle,
      intervalMonths: licensePools.intervalMonths,
      currency: licensePools.currency,
      subscriptionId: subscriptions.id,
      subscriptionName: subscriptions.name,
      categoryId: subscriptions.categoryId,
      ownerUserId: subscriptions.ownerUserId,
      ownerFirstName: owner.firstName,
      ownerLastName: owner.lastName,
      ownerEmail: owner.email,
    })
    .from(licenseAssignments)
    .innerJoin(
      licensePools,
      and(eq(licensePools.id, licenseAssignments.poolId), eq(licensePools.organizationId, orgId)),
    )
    .innerJoin(subscriptions, eq(subscriptions.id, licensePools.subscriptionId))
    .leftJoin(owner, eq(owner.userId, subscriptions.ownerUserId))
    .where(
      and(
        eq(licenseAssignments.organizationId, orgId),
        isNull(licenseAssignments.unassignedAt),
        notArchived(subscriptions),
        personIds ? inArray(licenseAssignments.personId, personIds) : undefined,
      ),
    )
    .orderBy(asc(subscriptions.name), asc(licensePools.tierName));
}
export type OpenLicenseRow = Awaited<ReturnType<typeof openLicensesOfPeople>>[number];

/** Inserts open assignments, skipping people who already hold one in the pool. */
export async function insertAssignments(db: DbOrTx, orgId: string, rows: AssignmentInsert[], now: Date) {
  if (rows.length === 0) return [];
  const inserted = await inChunks(licenseAssignments, rows, (chunk) =>
    db.insert(licenseAssignments).values(chunk).onConflictDoNothing().returning(),
  );
  if (inserted.length > 0)
    await publishEvent(db, orgId, 'license.assigned', { assignmentIds: inserted.map((r) => r.id) }, now);
  return inserted;
}

/** Sets a seat's dates (the caller checked them). */
export async function updateSeatDates(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: Pick<AssignmentInsert, 'assignedAt'> &
    Partial<Pick<AssignmentInsert, 'lastActiveAt' | 'source' | 'activitySignal'>>,
) {
  const [row] = await db
    .update(licenseAssignments)
    .set(values)
    .where(and(eq(licenseAssignments.organizationId, orgId), eq(licenseAssignments.id, id)))
    .returning();
  return row;
}

export async function findAssignment(db: DbOrTx, orgId: string, poolId: string, assignmentId: string) {
  const [row] = await db
    .select()
    .from(licenseAssignments)
    .where(
      and(
        eq(licenseAssignments.organizationId, orgId),
        eq(licenseAssignments.poolId, poolId),
        eq(licenseAssignments.id, assignmentId),
      ),
    );
  return row ?? null;
}

export async function findAssignmentsByIds(db: DbOrTx, orgId: string, poolId: string, ids: string[]) {
  return db
    .select()
    .from(licenseAssignments)
    .where(
      and(
        eq(licenseAssignments.organizationId, orgId),
        eq(licenseAssignments.poolId, poolId),
        inArray(licenseAssignments.id, ids),
      ),
    );
}

/** Closes open assignments (history stays); answers the ones that were still open. */
export async function closeAssignments(
  db: DbOrTx,
  orgId: string,
  ids: string[],
  now: Date,
  reason: UnassignReason,
) {
  if (ids.length === 0) return [];
  const closed = await db
    .update(licenseAssignments)
    .set({ unassignedAt: now, unassignReason: reason })
    .where(
      and(
        eq(licenseAssignments.organizationId, orgId),
        inArray(licenseAssignments.id, ids),
        isNull(licenseAssignments.unassignedAt),
      ),
    )
    .returning();
  if (closed.length > 0) {
    await publishEvent(
      db,
      orgId,
      'license.unassigned',
      { assignmentIds: closed.map((r) => r.id), reason },
      now,
    );
  }
  return closed;
}

/** Reopens a closed assignment (undo), unless the person got another seat of the pool since. */
export async function reopenAssignment(db: DbOrTx, orgId: string, assignmentId: string, now: Date) {
  const [row] = await db
    .update(licenseAssignments)
    .set({ unassignedAt: null, unassignReason: null })
    .where(
      and(
        eq(licenseAssignments.organizationId, orgId),
        eq(licenseAssignments.id, assignmentId),
        isNotNull(licenseAssignments.unassignedAt),
        sql`not exists (select 1 from ${licenseAssignments} other where other.organization_id = ${orgId}
          and other.pool_id = ${licenseAssignments.poolId} and other.person_id = ${licenseAssignments.personId}
          and other.unassigned_at is null)`,
      ),
    )
    .returning();
  if (row) await publishEvent(db, orgId, 'license.assigned', { assignmentIds: [row.id] }, now);
  return row ?? null;
}

export async function countOpenAssignments(db: DbOrTx, orgId: string, poolId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(licenseAssignments)
    .where(
      and(
        eq(licenseAssignments.organizationId, orgId),
        eq(licenseAssignments.poolId, poolId),
        isNull(licenseAssignments.unassignedAt),
      ),
    );
  return row?.count ?? 0;
}

export type PersonRow = typeof people.$inferSelect;

/** The given people, to check who may take a seat. Read here because the people module depends on this one. */
export async function findPeopleByIds(db: DbOrTx, orgId: string, ids: string[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(people)
    .where(and(eq(people.organizationId, orgId), inArray(people.id, ids)));
}

/**
 * Open seats with their holder's department and own entity and brand, as a join-able subquery: who
 * a rule-based allocation (by license holders or by department) splits an application by.
 */
export function seatHoldersOf<A extends string = 'holder'>(orgId: string, alias = 'holder' as A) {
  return subqueryBuilder
    .select({
      assignmentId: licenseAssignments.id,
      poolId: licenseAssignments.poolId,
      subscriptionId: licensePools.subscriptionId,
      personId: licenseAssignments.personId,
      department: people.department,
      entityId: people.entityId,
      brandId: people.brandId,
    })
    .from(licenseAssignments)
    .innerJoin(
      licensePools,
      and(eq(licensePools.organizationId, orgId), eq(licensePools.id, licenseAssignments.poolId)),
    )
    .innerJoin(people, and(eq(people.organizationId, orgId), eq(people.id, licenseAssignments.personId)))
    .where(and(eq(licenseAssignments.organizationId, orgId), isNull(licenseAssignments.unassignedAt)))
    .as(alias);
}
