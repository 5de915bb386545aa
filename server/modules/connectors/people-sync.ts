// People from a directory connector: created or updated (matched by the provider's id, then by
// e-mail, so SCIM, CSV and the connector never make two of one person), and offboarded through the
// existing offboarding when the directory suspends or deletes them.
import type { PersonSource } from '../../../common/contracts/people';
import { collectAuditSteps, diffChanges, recordAudit, withSteps } from '../../lib/audit';
import type { RequestContext, ServiceDeps } from '../../types';
import {
  insertProvisionedPeople,
  offboardPerson,
  type PersonRow,
  type ProvisionedFields,
  updateProvisionedPeople,
  updateProvisionedPerson,
} from '../people';
import type { DirectoryPerson } from './connector';
import { peopleByEmailOrExternalId } from './discovery.repo';

export interface PeopleCounts {
  created: number;
  updated: number;
  offboarded: number;
}

/** A person whose manager was not here yet (later on the page, or on a later page). */
export interface UnlinkedManager {
  person: PersonRow;
  managerEmail: string;
}

function indexPeople(rows: PersonRow[]) {
  const byExternalId = new Map<string, PersonRow>();
  const byEmail = new Map<string, PersonRow>();
  for (const row of rows) {
    if (row.externalId) byExternalId.set(row.externalId, row);
    byEmail.set(row.email.toLowerCase(), row);
  }
  return {
    find: (externalId: string, email: string) =>
      byExternalId.get(externalId) ?? byEmail.get(email.toLowerCase()),
    byEmail,
  };
}

/** Offboards a person the directory suspended or deleted: one audit row, the offboarding its step. */
async function offboard(deps: ServiceDeps, ctx: RequestContext, person: PersonRow, reason: string) {
  const { steps } = await collectAuditSteps(ctx, (acting) => offboardPerson(deps, acting, person.id, {}));
  await recordAudit(deps.db, ctx, {
    action: 'connector.person_offboard',
    entityType: 'person',
    entityId: person.id,
    changes: withSteps({ email: person.email, reason }, steps),
  });
}

/**
 * One page of a directory: answers what changed. The page's new people are one multi-row insert and
 * its changes batched updates; managers resolve after the insert, so a manager listed later on the
 * same page is found too.
 */
export async function syncDirectoryPage(
  deps: ServiceDeps,
  ctx: RequestContext,
  source: PersonSource,
  persons: DirectoryPerson[],
): Promise<PeopleCounts & { unlinked: UnlinkedManager[] }> {
  const counts: PeopleCounts = { created: 0, updated: 0, offboarded: 0 };
  const managerEmails = persons.flatMap((p) => (p.managerEmail ? [p.managerEmail] : []));
  const existing = indexPeople(
    await peopleByEmailOrExternalId(
      deps.db,
      ctx.orgId,
      [...persons.map((p) => p.email), ...managerEmails],
      persons.map((p) => p.externalId),
    ),
  );
  const managerOf = (person: DirectoryPerson) =>
    (person.managerEmail && existing.byEmail.get(person.managerEmail.toLowerCase())?.id) || null;
  const fieldsOf = (person: DirectoryPerson): ProvisionedFields => ({
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    department: person.department,
    title: person.title,
    managerId: managerOf(person),
    externalId: person.externalId,
  });
  const toOffboard: PersonRow[] = [];
  const unlinked: UnlinkedManager[] = [];
  // By lower-case e-mail: a person listed twice on a page is created once, as last listed.
  const toCreate = new Map<string, DirectoryPerson>();
  const toUpdate = new Map<string, { before: PersonRow; person: DirectoryPerson }>();
  for (const person of persons) {
    const before = existing.find(person.externalId, person.email);
    if (before?.status === 'active' && person.suspended) toOffboard.push(before);
    // SCIM pushes its people itself: the connector matches them, and leaves their fields to it.
    if (before?.source === 'scim') continue;
    if (before) toUpdate.set(before.id, { before, person });
    else if (!person.suspended) toCreate.set(person.email.toLowerCase(), person);
  }
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const created = await insertProvisionedPeople(
      tx,
      ctx.orgId,
      [...toCreate.values()].map(fieldsOf),
      now,
      source,
    );
    for (const row of created) existing.byEmail.set(row.email.toLowerCase(), row);
    counts.created = created.length;
    const changes: Array<{ before: PersonRow; fields: ProvisionedFields }> = [];
    for (const { before, person } of toUpdate.values()) {
      const fields = fieldsOf(person);
      if (Object.keys(diffChanges(before, fields)).length === 0 && before.source === source) continue;
      changes.push({ before, fields });
      counts.updated += 1;
    }
    // The second pass: new people whose manager was created with them (not counted as updates).
    for (const row of created) {
      const fields = fieldsOf(toCreate.get(row.email.toLowerCase())!);
      if (fields.managerId !== row.managerId) changes.push({ before: row, fields });
    }
    await updateProvisionedPeople(tx, ctx.orgId, changes, now, source);
    // Managers still not here (on a later page, or sent earlier in an incremental read): linked at
    // the end of the run (linkManagers).
    for (const person of persons) {
      if (!person.managerEmail || managerOf(person)) continue;
      const row = existing.find(person.externalId, person.email);
      if (row && row.source !== 'scim') unlinked.push({ person: row, managerEmail: person.managerEmail });
    }
  });
  for (const person of toOffboard) await offboard(deps, ctx, person, 'suspended in the directory');
  counts.offboarded = toOffboard.length;
  return { ...counts, unlinked };
}

/**
 * Links people to managers who arrived after them in the same run: an incremental read (delta
 * query, `lastUpdated` search) does not send the report again, so the link is made now.
 */
export async function linkManagers(
  deps: ServiceDeps,
  ctx: RequestContext,
  source: PersonSource,
  unlinked: UnlinkedManager[],
) {
  if (unlinked.length === 0) return;
  const managers = indexPeople(
    await peopleByEmailOrExternalId(
      deps.db,
      ctx.orgId,
      unlinked.map((u) => u.managerEmail),
      [],
    ),
  ).byEmail;
  await deps.db.transaction(async (tx) => {
    for (const { person, managerEmail } of unlinked) {
      const manager = managers.get(managerEmail.toLowerCase());
      if (!manager || manager.id === person.managerId || person.source === 'scim') continue;
      await updateProvisionedPerson(
        tx,
        ctx.orgId,
        person,
        { managerId: manager.id },
        deps.clock.now(),
        source,
      );
    }
  });
}


/** People the directory deleted: offboarded if still active here. Answers how many. */
export async function offboardRemoved(
  deps: ServiceDeps,
  ctx: RequestContext,
  removed: Array<{ externalId: string; email: string }>,
): Promise<number> {
  const found = await peopleByEmailOrExternalId(
    deps.db,
    ctx.orgId,
    removed.map((r) => r.email),
    removed.map((r) => r.externalId),
  );
  const index = indexPeople(found);
  const active = new Map<string, PersonRow>();
  for (const r of removed) {
    const person = index.find(r.externalId, r.email);
    // An address given to someone new since is not the deleted account.
    const same = person && (!person.externalId || person.externalId === r.externalId);
    if (same && person.status === 'active') active.set(person.id, person);
  }
  for (const person of active.values()) await offboard(deps, ctx, person, 'deleted from the directory');
  return active.size;
}
