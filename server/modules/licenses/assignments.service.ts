import type { ConnectorProvider } from '../../../common/contracts/connectors';
import { displayName } from '../../../common/display-name';
import type { z } from 'zod';
import type { assignBody, updateAssignmentBody } from '../../../common/contracts/licenses';
import { todayInTimeZone } from '../../../common/dates';
import { activityDay, isSeatActive, seatDayIssues, seatInstant } from '../../../common/licenses';
import type { licenseAssignments } from '../../db/schema';
import { AppError, badRequest, conflict, invalidFields, notFound } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { diffChanges, recordAudit } from '../../lib/audit';
import { dbOf } from '../../lib/acting-context';
import { markSetupStep } from '../organizations';
import * as repo from './assignments.repo';
import * as poolsRepo from './licenses.repo';
import { presentPoolById } from './licenses.service';

async function poolOrThrow(deps: ServiceDeps, ctx: RequestContext, poolId: string) {
  const pool = await poolsRepo.findPool(dbOf(ctx, deps.db), ctx.orgId, poolId);
  if (!pool) throw notFound('License pool');
  return pool;
}

function view(row: typeof licenseAssignments.$inferSelect, person: repo.PersonRow, now: Date, days: number) {
  return {
    ...row,
    personName: displayName(person),
    email: person.email,
    department: person.department,
    personStatus: person.status,
    active: row.unassignedAt === null && isSeatActive(row.lastActiveAt, now, days),
  };
}

type AssignInput = z.output<typeof assignBody>;
interface SeatDates {
  assignedAt?: string;
  lastActiveAt?: string | null;
}

const dayOf = (value: string | null | undefined) => (value ? activityDay(seatInstant(value)) : value);

/** The seats asked for, one per person (the first mention wins), with their dates checked. */
function requestedSeats(input: AssignInput, today: string) {
  const entries = [
    ...input.personIds.map((personId) => ({
      personId,
      assignedAt: input.assignedAt,
      lastActiveAt: input.lastActiveAt,
      field: '',
    })),
    ...input.assignments.map((a, i) => ({ ...a, field: `assignments.${i}.` })),
  ];
  const issues = entries.flatMap((e) =>
    seatDayIssues({ assignedDay: dayOf(e.assignedAt), lastActiveDay: dayOf(e.lastActiveAt) }, today).map(
      (issue) => ({ field: `${e.field}${issue.field}`, message: issue.message }),
    ),
  );
  if (issues.length > 0) throw invalidFields(issues);
  const seats = new Map<string, SeatDates>();
  for (const e of entries) if (!seats.has(e.personId)) seats.set(e.personId, e);
  return seats;
}

/**
 * Gives each person a seat of the pool, assigned now or on the date given, with the last activity
 * given (if any). People who already hold one are reported, not duplicated (their dates are
 * corrected with updateSeatDates); going over the purchased seats is allowed and flagged.
 * `assignedFrom`: the connector whose discovery the seats come from (only its sync releases them).
 */
export async function assignPeople(
  deps: ServiceDeps,
  ctx: RequestContext,
  poolId: string,
  input: AssignInput,
  assignedFrom: ConnectorProvider | null = null,
) {
  await poolOrThrow(deps, ctx, poolId);
  const now = deps.clock.now();
  const requested = requestedSeats(input, todayInTimeZone(now));
  const ids = [...requested.keys()];
  const db = dbOf(ctx, deps.db);
  const found = await repo.findPeopleByIds(db, ctx.orgId, ids);
  if (found.length !== ids.length) throw notFound('Person');
  const offboarded = found.filter((p) => p.status === 'offboarded');
  if (offboarded.length > 0) {
    throw badRequest(
      `${offboarded.map((p) => displayName(p)).join(', ')} ${offboarded.length === 1 ? 'is' : 'are'} offboarded.`,
    );
  }
  const inserted = await db.transaction(async (tx) => {
    await poolsRepo.lockPool(tx, ctx.orgId, poolId);
    const rows = await repo.insertAssignments(
      tx,
      ctx.orgId,
      ids.map((personId) => {
        const dates = requested.get(personId)!;
        return {
          organizationId: ctx.orgId,
          poolId,
          personId,
          assignedAt: dates.assignedAt ? seatInstant(dates.assignedAt) : now,
          lastActiveAt: dates.lastActiveAt ? seatInstant(dates.lastActiveAt) : null,
          assignedBy: ctx.userId,
          assignedFrom,
        };
      }),
      now,
    );
    for (const row of rows) {
      await recordAudit(tx, ctx, {
        action: 'license.assign',
        entityType: 'license_assignment',
        entityId: row.id,
        changes: {
          poolId,
          personId: row.personId,
          assignedAt: row.assignedAt,
          ...(row.lastActiveAt ? { lastActiveAt: row.lastActiveAt } : {}),
        },
      });
    }
    if (rows.length > 0) await markSetupStep(tx, ctx.orgId, 'assignLicenses', now);
    return rows;
  });
  const people = new Map(found.map((p) => [p.id, p]));
  const days = ctx.org.licenseInactivityDays;
  const assignedIds = new Set(inserted.map((r) => r.personId));
  return {
    assigned: inserted.map((row) => view(row, people.get(row.personId)!, now, days)),
    alreadyAssigned: ids.filter((id) => !assignedIds.has(id)),
    utilisation: (await presentPoolById(deps, ctx, poolId)).utilisation,
  };
}

async function assignmentWithPerson(
  deps: ServiceDeps,
  ctx: RequestContext,
  poolId: string,
  assignmentId: string,
) {
  const row = await repo.findAssignment(deps.db, ctx.orgId, poolId, assignmentId);
  if (!row) throw notFound('Assignment');
  const [person] = await repo.findPeopleByIds(deps.db, ctx.orgId, [row.personId]);
  return { row, person };
}

/**
 * Corrects a seat's assignment or last-activity date (open or closed): the merged dates are checked
 * like new ones. A last activity entered here is the user's own record (source `manual`).
 */
export async function updateSeatDates(
  deps: ServiceDeps,
  ctx: RequestContext,
  poolId: string,
  assignmentId: string,
  input: z.output<typeof updateAssignmentBody>,
) {
  await poolOrThrow(deps, ctx, poolId);
  const { row, person } = await assignmentWithPerson(deps, ctx, poolId, assignmentId);
  const now = deps.clock.now();
  const assignedAt = input.assignedAt ? seatInstant(input.assignedAt) : row.assignedAt;
  const lastActiveAt =
    input.lastActiveAt === undefined
      ? row.lastActiveAt
      : input.lastActiveAt === null
        ? null
        : seatInstant(input.lastActiveAt);
  const issues = seatDayIssues(
    { assignedDay: activityDay(assignedAt), lastActiveDay: lastActiveAt && activityDay(lastActiveAt) },
    todayInTimeZone(now),
  );
  if (issues.length > 0) throw invalidFields(issues);
  const activityChanged = input.lastActiveAt !== undefined;
  const updated = await deps.db.transaction(async (tx) => {
    const result = await repo.updateSeatDates(tx, ctx.orgId, assignmentId, {
      assignedAt,
      ...(activityChanged ? { lastActiveAt, source: 'manual' as const, activitySignal: null } : {}),
    });
    await recordAudit(tx, ctx, {
      action: 'license.update',
      entityType: 'license_assignment',
      entityId: assignmentId,
      changes: diffChanges(row, { assignedAt, ...(activityChanged ? { lastActiveAt } : {}) }),
    });
    return result;
  });
  return view(updated, person, now, ctx.org.licenseInactivityDays);
}

export async function unassign(deps: ServiceDeps, ctx: RequestContext, poolId: string, assignmentId: string) {
  await poolOrThrow(deps, ctx, poolId);
  const { row, person } = await assignmentWithPerson(deps, ctx, poolId, assignmentId);
  if (row.unassignedAt) throw conflict('This seat is already unassigned.');
  const now = deps.clock.now();
  const [closed] = await deps.db.transaction(async (tx) => {
    const rows = await repo.closeAssignments(tx, ctx.orgId, [assignmentId], now, 'manual');
    await recordAudit(tx, ctx, {
      action: 'license.unassign',
      entityType: 'license_assignment',
      entityId: assignmentId,
      changes: { poolId, personId: row.personId, reason: 'manual' },
    });
    return rows;
  });
  if (!closed) throw conflict('This seat is already unassigned.');
  return view(closed, person, now, ctx.org.licenseInactivityDays);
}

/** Undo of an unassignment: the same seat, with its history and last activity, is open again. */
export async function restore(deps: ServiceDeps, ctx: RequestContext, poolId: string, assignmentId: string) {
  await poolOrThrow(deps, ctx, poolId);
  const { row, person } = await assignmentWithPerson(deps, ctx, poolId, assignmentId);
  if (!row.unassignedAt) throw conflict('This seat is still assigned.');
  if (person.status === 'offboarded') throw badRequest(`${displayName(person)} is offboarded.`);
  const reopened = await deps.db.transaction(async (tx) => {
    const result = await repo.reopenAssignment(tx, ctx.orgId, assignmentId, deps.clock.now());
    if (result) {
      await recordAudit(tx, ctx, {
        action: 'license.restore',
        entityType: 'license_assignment',
        entityId: assignmentId,
        changes: { poolId, personId: row.personId },
      });
    }
    return result;
  });
  if (!reopened) throw conflict(`${displayName(person)} already holds another seat of this pool.`);
  return view(reopened, person, deps.clock.now(), ctx.org.licenseInactivityDays);
}

/** Bulk unassign of inactive seats (active ones too only when asked), e.g. before a renewal. */
export async function reclaim(
  deps: ServiceDeps,
  ctx: RequestContext,
  poolId: string,
  input: { assignmentIds: string[]; includeActive: boolean },
) {
  await poolOrThrow(deps, ctx, poolId);
  const ids = [...new Set(input.assignmentIds)];
  const rows = await repo.findAssignmentsByIds(deps.db, ctx.orgId, poolId, ids);
  if (rows.length !== ids.length) throw notFound('Assignment');
  const now = deps.clock.now();
  const days = ctx.org.licenseInactivityDays;
  const open = rows.filter((r) => r.unassignedAt === null);
  const skippedActive = input.includeActive
    ? []
    : open.filter((r) => isSeatActive(r.lastActiveAt, now, days)).map((r) => r.id);
  const toClose = open.filter((r) => !skippedActive.includes(r.id)).map((r) => r.id);
  if (toClose.length === 0 && skippedActive.length === 0 && open.length === 0) {
    throw new AppError('conflict', 'These seats are already unassigned.');
  }
  const closed = await deps.db.transaction(async (tx) => {
    const result = await repo.closeAssignments(tx, ctx.orgId, toClose, now, 'reclaim');
    for (const r of result) {
      await recordAudit(tx, ctx, {
        action: 'license.reclaim',
        entityType: 'license_assignment',
        entityId: r.id,
        changes: { poolId, personId: r.personId, lastActiveAt: r.lastActiveAt, reason: 'reclaim' },
      });
    }
    return result;
  });
  return {
    reclaimed: closed.length,
    skippedActive,
    utilisation: (await presentPoolById(deps, ctx, poolId)).utilisation,
  };
}
