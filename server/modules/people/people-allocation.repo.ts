// People per entity and brand: one definition for the Brands page, brand profitability (people and
// cost per employee) and analytics' cost per employee.
//
// A person counts when ACTIVE (offboarded and inactive people do not), in their own entity and
// brand when set, else their department's (Settings → department allocations), else the
// organization's default entity and brand. So every active person belongs to exactly one entity and
// one brand, and the brands' counts add up to the active directory.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AllocationFilter } from '../../../common/contracts/entities';
import type { DbOrTx } from '../../db/client';
import { defaultEntityAndBrand, departmentAllocationsOf } from '../entities';
import { peopleOf } from './people.repo';

export interface DefaultAllocation {
  entityId: string;
  brandId: string;
}

/**
 * The organization's people joined to their department's allocation, with the entity and brand each
 * counts for (`entityId`, `brandId`: SQL expressions) and `isActive`. Join `dept` on
 * `onDepartment` (a left join): `db.select(...).from(person).leftJoin(dept, onDepartment)`.
 */
export function peopleWithAllocation(orgId: string, defaults: DefaultAllocation) {
  const person = peopleOf(orgId);
  const dept = departmentAllocationsOf(orgId);
  return {
    person,
    dept,
    onDepartment: eq(dept.department, person.department),
    entityId: sql<string>`coalesce(${person.entityId}, ${dept.entityId}, ${defaults.entityId}::uuid)`,
    brandId: sql<string>`coalesce(${person.brandId}, ${dept.brandId}, ${defaults.brandId}::uuid)`,
    isActive: eq(person.status, 'active'),
  };
}

function inFilter(p: ReturnType<typeof peopleWithAllocation>, filter: AllocationFilter): SQL | undefined {
  return and(
    filter.entityId ? sql`${p.entityId} = ${filter.entityId}::uuid` : undefined,
    filter.brandId ? sql`${p.brandId} = ${filter.brandId}::uuid` : undefined,
  );
}

/** Active people per entity or per brand (see the file's comment), within `filter` when given. */
export async function activePeopleBy(
  db: DbOrTx,
  orgId: string,
  by: 'entity' | 'brand',
  filter: AllocationFilter = {},
  defaults?: DefaultAllocation,
): Promise<Map<string, number>> {
  const p = peopleWithAllocation(orgId, defaults ?? (await defaultEntityAndBrand(db, orgId)));
  const key = by === 'entity' ? p.entityId : p.brandId;
  const rows = await db
    .select({ id: key, count: sql<number>`count(*)::int` })
    .from(p.person)
    .leftJoin(p.dept, p.onDepartment)
    .where(and(p.isActive, inFilter(p, filter)))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.id, r.count]));
}

/** The active people of an entity and/or brand (see the file's comment), by last and first name. */
export async function activePeopleIn(
  db: DbOrTx,
  orgId: string,
  filter: AllocationFilter,
  defaults?: DefaultAllocation,
) {
  const p = peopleWithAllocation(orgId, defaults ?? (await defaultEntityAndBrand(db, orgId)));
  return db
    .select({
      id: p.person.id,
      firstName: p.person.firstName,
      lastName: p.person.lastName,
      email: p.person.email,
      department: p.person.department,
    })
    .from(p.person)
    .leftJoin(p.dept, p.onDepartment)
    .where(and(p.isActive, inFilter(p, filter)))
    .orderBy(p.person.lastName, p.person.firstName);
}
