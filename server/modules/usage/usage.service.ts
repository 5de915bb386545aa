import type { z } from 'zod';
import { emailSchema } from '../../../common/contracts/auth';
import {
  USAGE_IMPORT_SYNONYMS,
  USAGE_ROW_STATUSES,
  type usageImportBody,
  type UsageImportField,
  type UsageImportRow,
} from '../../../common/contracts/usage';
import { activityDay, seatDayIssues, signalOfHeader } from '../../../common/licenses';
import { todayInTimeZone } from '../../../common/dates';
import { mappingByHeader, suggestMapping } from '../../../common/tabular/headers';
import { parseLooseInstant } from '../../../common/tabular/dates';
import { decisionFor, NO_DECISIONS } from '../../../common/import-decisions';
import { rowError } from '../../../common/contracts/import-rows';
import { AppError, invalidFields, notFound } from '../../errors';
import { assertKnownDecisionRows } from '../../lib/tabular/existing';
import { DAY_MS } from '../../lib/clock';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../../lib/audit';
import { recordSeatActivity, recordSeatAssignments } from '../licenses';
import { allPeople, readImportFile, resolveMapping } from '../people';
import * as repo from './usage.repo';

type Input = z.infer<typeof usageImportBody>;
const key = (s: string) => s.trim().toLowerCase();

/**
 * Reads an activity export (email, application, last seen, and optionally when the seat was
 * assigned) and moves each matching seat's lastActiveAt forward; an assignment date replaces the
 * recorded one (often just the day the seat was entered). Rows of people or seats Stackwise does not
 * know are skipped, not errors; unreadable rows, dates in the future, activity before the assignment
 * and unknown application names are errors (map the names, or skip bad rows).
 */
export async function importUsage(deps: ServiceDeps, ctx: RequestContext, input: Input) {
  const csv = await readImportFile(input);
  const required = input.subscriptionId
    ? (['email', 'lastSeen'] as const)
    : (['email', 'application', 'lastSeen'] as const);
  const mapping = resolveMapping<UsageImportField>(
    csv.headers,
    mappingByHeader(csv.headers, suggestMapping(csv.headers, USAGE_IMPORT_SYNONYMS)),
    input.mapping,
    [...required],
  );
  const signal = input.signal ?? signalOfHeader(mapping.lastSeen);
  const apps = await repo.liveApplications(deps.db, ctx.orgId);
  const appIds = new Set(apps.map((a) => a.id));
  if (input.subscriptionId && !appIds.has(input.subscriptionId)) throw notFound('Application');
  const byName = new Map<string, string | null>();
  for (const app of apps) {
    byName.set(key(app.name), app.id);
    if (app.catalogSlug && !byName.has(key(app.catalogSlug))) byName.set(key(app.catalogSlug), app.id);
  }
  for (const [name, id] of Object.entries(input.applicationMap ?? {})) {
    if (id !== null && !appIds.has(id)) throw notFound('Application');
    byName.set(key(name), id);
  }
  const people = new Map((await allPeople(deps.db, ctx.orgId)).map((p) => [p.email.toLowerCase(), p]));
  const seats = new Map<string, Array<{ id: string; assignedAt: Date; lastActiveAt: Date | null }>>();
  for (const seat of await repo.openSeats(deps.db, ctx.orgId)) {
    const k = `${seat.personId}:${seat.subscriptionId}`;
    seats.set(k, [...(seats.get(k) ?? []), seat]);
  }
  const now = deps.clock.now();
  const today = todayInTimeZone(now);
  const updates = new Map<string, Date>();
  const assignments = new Map<string, Date>();
  const unmatched = new Set<string>();
  const decisions = input.decisions ?? NO_DECISIONS;
  assertKnownDecisionRows(
    csv.rows.map((r) => r.line),
    decisions,
  );
  const choices = new Map(decisions.rows.map((d) => [d.row, d.decision]));
  const appNames = new Map(apps.map((a) => [a.id, a.name]));
  // Same person, application and day: recorded already, or an earlier line of this file.
  const firstLine = new Map<string, number>();
  const overwrites = new Map<string, Date>();
  let createdLine: number | null = null;

  const rows: UsageImportRow[] = csv.rows.map(({ line, cells }) => {
    const rawEmail = cells[mapping.email!] ?? '';
    const application = mapping.application ? cells[mapping.application] || null : null;
    const rawSeen = cells[mapping.lastSeen!] ?? '';
    const rawAssigned = mapping.assigned ? (cells[mapping.assigned] ?? '') : '';
    const base: Omit<UsageImportRow, 'status' | 'message'> = {
      line,
      email: rawEmail || null,
      application,
      subscriptionId: null,
      lastSeen: null,
      assigned: null,
      existing: null,
      duplicateOfRow: null,
      errors: [],
    };
    const fail = (field: string, message: string, row = base): UsageImportRow => ({
      ...row,
      status: 'error',
      message: null,
      errors: [rowError(line, field, message)],
    });
    const email = emailSchema.safeParse(rawEmail);
    if (!email.success)
      return fail('email', rawEmail ? `"${rawEmail}" is not a valid e-mail address` : 'E-mail is missing');
    let subscriptionId = input.subscriptionId ?? null;
    if (application) {
      const match = byName.get(key(application));
      if (match === null) return { ...base, status: 'ignored', message: `${application} is ignored` };
      if (match === undefined && !subscriptionId) {
        unmatched.add(application);
        return fail('application', `"${application}" matches no application`);
      }
      subscriptionId = match ?? subscriptionId;
    }
    if (!subscriptionId) return fail('application', 'Application is missing');
    const seen = parseLooseInstant(rawSeen);
    if (!seen.ok) return fail('lastSeen', `"${rawSeen}" is not a date`);
    const assigned = parseLooseInstant(rawAssigned);
    if (!assigned.ok) return fail('assigned', `"${rawAssigned}" is not a date`);
    const row = {
      ...base,
      subscriptionId,
      lastSeen: seen.value?.toISOString() ?? null,
      assigned: assigned.value?.toISOString() ?? null,
    };
    if (seen.value && seen.value.getTime() > now.getTime() + DAY_MS) {
      return fail('lastSeen', 'Last seen is in the future', row);
    }
    if (assigned.value) {
      const [issue] = seatDayIssues(
        {
          assignedDay: activityDay(assigned.value),
          lastActiveDay: seen.value ? activityDay(seen.value) : null,
        },
        today,
      );
      if (issue) return fail(issue.field === 'assignedAt' ? 'assigned' : 'lastSeen', issue.message, row);
    }
    const person = people.get(email.data.toLowerCase());
    if (!person) return { ...row, status: 'skipped', message: 'Not in People' };
    const held = seats.get(`${person.id}:${subscriptionId}`);
    if (!held) return { ...row, status: 'skipped', message: 'Holds no seat of this application' };
    let reassigned = false;
    for (const seat of held) {
      if (!assigned.value || seat.assignedAt.getTime() === assigned.value.getTime()) continue;
      assignments.set(seat.id, assigned.value);
      reassigned = true;
    }
    if (!seen.value) {
      return reassigned
        ? { ...row, status: 'updated', message: 'Assignment date recorded; no activity' }
        : { ...row, status: 'never', message: 'No activity recorded' };
    }
    const day = seen.value.toISOString().slice(0, 10);
    const sameDay = held.filter((s) => s.lastActiveAt?.toISOString().slice(0, 10) === day);
    const slot = `${person.id}:${subscriptionId}:${day}`;
    const earlier = firstLine.get(slot);
    if (earlier === undefined) firstLine.set(slot, line);
    const match = {
      existing:
        sameDay.length > 0
          ? {
              id: sameDay[0].id,
              label: `${person.email} · ${appNames.get(subscriptionId) ?? ''}`,
              matchedBy: 'usage' as const,
            }
          : null,
      duplicateOfRow: sameDay.length > 0 ? null : (earlier ?? null),
    };
    if (match.existing || match.duplicateOfRow !== null) {
      const decision = decisionFor(match, choices.get(line), decisions);
      if (decision === 'create') createdLine ??= line;
      if (decision !== 'update') {
        return reassigned
          ? {
              ...row,
              ...match,
              status: 'updated',
              message: 'Assignment date recorded; activity already recorded that day',
            }
          : { ...row, ...match, status: 'unchanged', message: 'Activity already recorded that day' };
      }
      for (const s of sameDay) overwrites.set(s.id, seen.value);
      return { ...row, ...match, status: 'updated', message: null };
    }
    let changed = false;
    for (const seat of held) {
      const latest = updates.get(seat.id) ?? seat.lastActiveAt;
      if (!latest || latest < seen.value) {
        updates.set(seat.id, seen.value);
        changed = true;
      }
    }
    return { ...row, status: changed || reassigned ? 'updated' : 'unchanged', message: null };
  });

  const summary = Object.fromEntries(
    USAGE_ROW_STATUSES.map((s) => [s, rows.filter((r) => r.status === s).length]),
  );
  const report = {
    headers: csv.headers,
    mapping: {
      email: mapping.email ?? null,
      application: mapping.application ?? null,
      lastSeen: mapping.lastSeen ?? null,
      assigned: mapping.assigned ?? null,
    },
    signal,
    dryRun: input.dryRun,
    rows,
    summary: summary as Record<(typeof USAGE_ROW_STATUSES)[number], number>,
    unmatchedApplications: [...unmatched].sort(),
  };
  if (createdLine !== null) {
    throw invalidFields([
      {
        field: 'decisions',
        message: `Line ${createdLine}: a seat has one last activity; choose skip or update`,
      },
    ]);
  }
  if (input.dryRun) return { ...report, applied: false };
  if (summary.error > 0 && !input.skipInvalid) {
    throw new AppError(
      'validation_error',
      `${summary.error} row${summary.error > 1 ? 's have' : ' has'} errors; no activity was recorded.`,
      {
        errors: rows.flatMap((r) => r.errors),
        unmatchedApplications: report.unmatchedApplications,
      },
    );
  }
  await deps.db.transaction(async (tx) => {
    await recordSeatAssignments(
      tx,
      ctx.orgId,
      [...assignments].map(([id, assignedAt]) => ({ id, assignedAt })),
    );
    await recordSeatActivity(
      tx,
      ctx.orgId,
      [...overwrites].map(([id, seenAt]) => ({ id, seenAt })),
      { overwrite: true, signal },
    );
    await recordSeatActivity(
      tx,
      ctx.orgId,
      [...updates].map(([id, seenAt]) => ({ id, seenAt })),
      { signal },
    );
    await recordAudit(tx, ctx, {
      action: 'usage.import',
      entityType: 'license_assignment',
      changes: {
        seatsUpdated: new Set([...updates.keys(), ...overwrites.keys(), ...assignments.keys()]).size,
        ...summary,
      },
    });
  });
  return { ...report, applied: true };
}
