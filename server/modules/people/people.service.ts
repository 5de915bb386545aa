import { displayName } from '../../../common/display-name';
import type { z } from 'zod';
import type { createPersonBody, peopleListQuery, updatePersonBody } from '../../../common/contracts/people';
import { totalsByCurrency } from '../../../common/licenses';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import { isUniqueViolation } from '../../lib/db-errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { diffChanges, recordAudit } from '../../lib/audit';
import { assertUsableAllocation, entityAndBrandNames, recomputeRuleAllocations } from '../entities';
import { openLicensesOfPeople, presentPersonLicense } from '../licenses';
import * as repo from './people.repo';

/** People rows with their open seats (priced per year) and total yearly cost. */
export async function presentPeople(db: DbOrTx, ctx: RequestContext, now: Date, rows: repo.PersonListRow[]) {
  const days = ctx.org.licenseInactivityDays;
  const licenses = await openLicensesOfPeople(
    db,
    ctx.orgId,
    rows.map((r) => r.person.id),
  );
  const names = await entityAndBrandNames(db, ctx.orgId);
  const byPerson = new Map<string, ReturnType<typeof presentPersonLicense>[]>();
  for (const row of licenses) {
    const list = byPerson.get(row.personId) ?? [];
    list.push(presentPersonLicense(row, now, days));
    byPerson.set(row.personId, list);
  }
  return rows.map(({ person, managerFirstName, managerLastName, managerEmail }) => {
    const held = byPerson.get(person.id) ?? [];
    return {
      ...person,
      name: displayName(person),
      managerName: person.managerId
        ? displayName({ firstName: managerFirstName, lastName: managerLastName, email: managerEmail })
        : null,
      entityName: person.entityId ? (names.entities.get(person.entityId) ?? null) : null,
      brandName: person.brandId ? (names.brands.get(person.brandId) ?? null) : null,
      licenses: held,
      yearlyCosts: totalsByCurrency(
        held.map((l) => ({ currency: l.currency, amountMinor: l.yearlyCostMinor })),
      ),
    };
  });
}

export async function listPeople(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: z.infer<typeof peopleListQuery>,
) {
  const filter = { q: query.q, department: query.department, team: query.team, status: query.status };
  const [rows, total, offboardedWithLicenses] = await Promise.all([
    repo.listPeople(deps.db, ctx.orgId, filter, query.page, query.pageSize),
    repo.countPeople(deps.db, ctx.orgId, filter),
    repo.countOffboardedWithLicenses(deps.db, ctx.orgId),
  ]);
  return {
    items: await presentPeople(deps.db, ctx, deps.clock.now(), rows),
    total,
    page: query.page,
    pageSize: query.pageSize,
    offboardedWithLicenses,
  };
}

export async function getPerson(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const row = await repo.findPerson(deps.db, ctx.orgId, id);
  if (!row) throw notFound('Person');
  const [person] = await presentPeople(deps.db, ctx, deps.clock.now(), [row]);
  return person;
}

async function checkManager(
  db: DbOrTx,
  ctx: RequestContext,
  managerId: string | null | undefined,
  selfId?: string,
) {
  if (!managerId) return;
  if (managerId === selfId)
    throw badRequest('A person cannot be their own manager.', {
      fields: [{ field: 'managerId', message: 'Choose someone else' }],
    });
  const [found] = await repo.findPeopleByIds(db, ctx.orgId, [managerId]);
  if (!found) throw notFound('Manager');
}

function duplicateEmail(email: string) {
  return new AppError('conflict', `Someone with the e-mail ${email} is already in People.`, {
    fields: [{ field: 'email', message: 'Already in People' }],
  });
}

export async function createPerson(
  deps: ServiceDeps,
  ctx: RequestContext,
  input: z.infer<typeof createPersonBody>,
) {
  await checkManager(deps.db, ctx, input.managerId);
  await assertUsableAllocation(deps.db, ctx.orgId, input);
  const now = deps.clock.now();
  const id = await deps.db
    .transaction(async (tx) => {
      const row = await repo.insertPerson(tx, {
        ...input,
        organizationId: ctx.orgId,
        source: 'manual',
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, ctx, {
        action: 'person.create',
        entityType: 'person',
        entityId: row.id,
        changes: { ...input },
      });
      return row.id;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicateEmail(input.email) : error;
    });
  return getPerson(deps, ctx, id);
}

export async function updatePerson(
  deps: ServiceDeps,
  ctx: RequestContext,
  id: string,
  input: z.infer<typeof updatePersonBody>,
) {
  const before = await repo.findPerson(deps.db, ctx.orgId, id);
  if (!before) throw notFound('Person');
  await checkManager(deps.db, ctx, input.managerId, id);
  await assertUsableAllocation(deps.db, ctx.orgId, input);
  const startDate = input.startDate === undefined ? before.person.startDate : input.startDate;
  const endDate = input.endDate === undefined ? before.person.endDate : input.endDate;
  if (startDate && endDate && endDate < startDate) {
    throw badRequest('End date must be on or after the start date', {
      fields: [{ field: 'endDate', message: 'End date must be on or after the start date' }],
    });
  }
  await deps.db
    .transaction(async (tx) => {
      await repo.updatePerson(tx, ctx.orgId, id, { ...input, updatedAt: deps.clock.now() });
      await recordAudit(tx, ctx, {
        action: 'person.update',
        entityType: 'person',
        entityId: id,
        changes: diffChanges(before.person, input),
      });
      // Applications split by their license holders follow the person's department, entity and brand.
      if (input.department !== undefined || input.entityId !== undefined || input.brandId !== undefined) {
        const seats = await openLicensesOfPeople(tx, ctx.orgId, [id]);
        await recomputeRuleAllocations(tx, ctx.orgId, [...new Set(seats.map((s) => s.subscriptionId))]);
      }
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) && input.email ? duplicateEmail(input.email) : error;
    });
  return getPerson(deps, ctx, id);
}

/** Deletes a person entered by mistake, with their seat history (offboarding keeps it instead). */
export async function deletePerson(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const before = await repo.findPerson(deps.db, ctx.orgId, id);
  if (!before) throw notFound('Person');
  await deps.db.transaction(async (tx) => {
    await repo.deletePerson(tx, ctx.orgId, id);
    await recordAudit(tx, ctx, {
      action: 'person.delete',
      entityType: 'person',
      entityId: id,
      changes: { email: before.person.email, name: displayName(before.person) },
    });
  });
}

/** Brings an offboarded person back (e.g. a rehire); their old seats stay in history. */
export async function reactivatePerson(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const before = await repo.findPerson(deps.db, ctx.orgId, id);
  if (!before) throw notFound('Person');
  if (before.person.status === 'active') return getPerson(deps, ctx, id);
  await deps.db.transaction(async (tx) => {
    await repo.updatePerson(tx, ctx.orgId, id, {
      status: 'active',
      endDate: null,
      updatedAt: deps.clock.now(),
    });
    await recordAudit(tx, ctx, {
      action: 'person.reactivate',
      entityType: 'person',
      entityId: id,
      changes: { status: { from: 'offboarded', to: 'active' } },
    });
  });
  return getPerson(deps, ctx, id);
}

export async function departments(deps: ServiceDeps, ctx: RequestContext) {
  const rows = await repo.departmentCounts(deps.db, ctx.orgId);
  const result = new Map<
    string,
    { name: string; count: number; teams: Array<{ name: string; count: number }> }
  >();
  for (const row of rows) {
    if (!row.department) continue;
    const entry = result.get(row.department) ?? { name: row.department, count: 0, teams: [] };
    entry.count += row.count;
    if (row.team) entry.teams.push({ name: row.team, count: row.count });
    result.set(row.department, entry);
  }
  return [...result.values()];
}
