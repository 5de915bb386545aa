import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PersonStatus } from '../../../common/contracts/people';
import type { DbOrTx } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import { people } from '../../db/schema';
import { everyColumnOf } from '../../db/sql-helpers';
import { seatsOf } from '../licenses';
import { inChunks } from '../../db/bulk-insert';
import { clearReferencesTo } from '../../db/clear-references';

export type PersonRow = typeof people.$inferSelect;
export type PersonInsert = typeof people.$inferInsert;

const manager = alias(people, 'manager');

/** The organization's people (every column) as a join-able subquery. */
export function peopleOf<A extends string = 'person'>(orgId: string, alias = 'person' as A) {
  return everyColumnOf(people, eq(people.organizationId, orgId), alias);
}

export interface PeopleFilter {
  q?: string;
  department?: string;
  team?: string;
  status: PersonStatus | 'all';
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(orgId: string, filter: PeopleFilter): SQL | undefined {
  const pattern = filter.q ? `%${escapeLike(filter.q)}%` : null;
  return and(
    eq(people.organizationId, orgId),
    filter.status === 'all' ? undefined : eq(people.status, filter.status),
    filter.department ? sql`lower(${people.department}) = lower(${filter.department})` : undefined,
    filter.team ? sql`lower(${people.team}) = lower(${filter.team})` : undefined,
    pattern
      ? or(
          ilike(people.email, pattern),
          ilike(sql`${people.firstName} || ' ' || ${people.lastName}`, pattern),
          ilike(people.title, pattern),
          ilike(people.department, pattern),
          ilike(people.team, pattern),
        )
      : undefined,
  );
}

const personColumns = {
  person: people,
  managerFirstName: manager.firstName,
  managerLastName: manager.lastName,
  managerEmail: manager.email,
};

export async function listPeople(
  db: DbOrTx,
  orgId: string,
  filter: PeopleFilter,
  page: number,
  pageSize: number,
) {
  return db
    .select(personColumns)
    .from(people)
    .leftJoin(manager, and(eq(manager.id, people.managerId), eq(manager.organizationId, orgId)))
    .where(conditions(orgId, filter))
    .orderBy(asc(people.lastName), asc(people.firstName), asc(people.email))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}
export type PersonListRow = Awaited<ReturnType<typeof listPeople>>[number];

export async function countPeople(db: DbOrTx, orgId: string, filter: PeopleFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(people)
    .where(conditions(orgId, filter));
  return row?.count ?? 0;
}

/** Offboarded people who still hold at least one open seat. */
export async function countOffboardedWithLicenses(db: DbOrTx, orgId: string): Promise<number> {
  const seat = seatsOf(orgId);
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${people.id})::int` })
    .from(people)
    .innerJoin(seat, and(eq(seat.personId, people.id), isNull(seat.unassignedAt)))
    .where(and(eq(people.organizationId, orgId), eq(people.status, 'offboarded')));
  return row?.count ?? 0;
}

export async function findPerson(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .select(personColumns)
    .from(people)
    .leftJoin(manager, and(eq(manager.id, people.managerId), eq(manager.organizationId, orgId)))
    .where(and(eq(people.organizationId, orgId), eq(people.id, id)));
  return row ?? null;
}

export async function findPeopleByIds(db: DbOrTx, orgId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(people)
    .where(and(eq(people.organizationId, orgId), inArray(people.id, ids)));
}

/** Everyone in the organization, for imports (matched by lower-case e-mail). */
export async function allPeople(db: DbOrTx, orgId: string) {
  return db.select().from(people).where(eq(people.organizationId, orgId));
}

export async function insertPerson(db: DbOrTx, values: PersonInsert) {
  const [row] = await db.insert(people).values(values).returning();
  return row;
}

export async function insertPeople(db: DbOrTx, values: PersonInsert[]): Promise<PersonRow[]> {
  return inChunks(people, values, (chunk) => db.insert(people).values(chunk).returning());
}

export async function updatePerson(db: DbOrTx, orgId: string, id: string, values: Partial<PersonInsert>) {
  const [row] = await db
    .update(people)
    .set(values)
    .where(and(eq(people.organizationId, orgId), eq(people.id, id)))
    .returning();
  return row ?? null;
}

/** What a directory sets on a person it provisions (see provisioning.ts). */
export type ProvisionedRow = Pick<
  PersonInsert,
  'email' | 'firstName' | 'lastName' | 'title' | 'department' | 'managerId' | 'externalId'
> & { id: string };

/**
 * Sets the provisioned fields and source of many people: 2,000 a statement, their values as ONE
 * JSON parameter (json_populate_recordset, as bulkInsert), so no page nears 65,535 parameters.
 */
export async function updateProvisionedRows(
  db: DbOrTx,
  orgId: string,
  rows: ProvisionedRow[],
  source: PersonInsert['source'],
  now: Date,
) {
  for (let i = 0; i < rows.length; i += 2000) {
    const values = rows.slice(i, i + 2000).map((r) => ({
      id: r.id,
      email: r.email,
      first_name: r.firstName,
      last_name: r.lastName,
      title: r.title ?? null,
      department: r.department ?? null,
      manager_id: r.managerId ?? null,
      external_id: r.externalId ?? null,
    }));
    await db.execute(sql`
      update ${people} set email = v.email, first_name = v.first_name, last_name = v.last_name,
        title = v.title, department = v.department, manager_id = v.manager_id,
        external_id = v.external_id, source = ${source}, updated_at = ${now.toISOString()}::timestamptz
      from json_populate_recordset(null::${people}, ${JSON.stringify(values)}::json) as v
      where ${people.id} = v.id and ${people.organizationId} = ${orgId}`);
  }
}

export async function deletePerson(db: DbOrTx, orgId: string, id: string) {
  await clearReferencesTo(db, people, orgId, [id]);
  const [row] = await db
    .delete(people)
    .where(and(eq(people.organizationId, orgId), eq(people.id, id)))
    .returning({ id: people.id });
  return row ?? null;
}

/** Departments with their teams and head counts (active people). */
export async function departmentCounts(db: DbOrTx, orgId: string) {
  return db
    .select({
      department: people.department,
      team: people.team,
      count: sql<number>`count(*)::int`,
    })
    .from(people)
    .where(and(eq(people.organizationId, orgId), eq(people.status, 'active')))
    .groupBy(people.department, people.team)
    .orderBy(asc(people.department), asc(people.team));
}

/** How many people have each entity (or brand) as their own: a use that keeps it from being deleted. */
export async function countPeopleByAllocation(
  db: DbOrTx,
  orgId: string,
  column: 'entityId' | 'brandId',
): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: people[column], count: sql<number>`count(*)::int` })
    .from(people)
    .where(and(eq(people.organizationId, orgId), sql`${people[column]} is not null`))
    .groupBy(people[column]);
  return new Map(rows.map((r) => [r.id!, r.count]));
}

/** Moves people's own entity (or brand) from one to another (a deleted one's reassignment). */
export async function movePeopleAllocation(
  db: DbOrTx,
  orgId: string,
  column: 'entityId' | 'brandId',
  fromId: string,
  toId: string,
) {
  await db
    .update(people)
    .set({ [column]: toId })
    .where(and(eq(people.organizationId, orgId), eq(people[column], fromId)));
}
