// Headcount for cost per employee: active people of the directory, counted where they belong (their
// own entity and brand, else their department's, else the defaults), as brand profitability does.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { departmentAllocationsOf } from '../entities';
import { peopleOf } from '../people';
import type { SpendScope } from './spend.repo';

/** Active people in the scope, or null when the organization has no directory (nobody at all). */
export async function activePeople(db: DbOrTx, scope: SpendScope): Promise<number | null> {
  const person = peopleOf(scope.orgId);
  const dept = departmentAllocationsOf(scope.orgId);
  const entityId = sql`coalesce(${person.entityId}, ${dept.entityId}, ${scope.defaults.entityId}::uuid)`;
  const brandId = sql`coalesce(${person.brandId}, ${dept.brandId}, ${scope.defaults.brandId}::uuid)`;
  const inScope = and(
    eq(person.status, 'active'),
    scope.entityId ? sql`${entityId} = ${scope.entityId}::uuid` : undefined,
    scope.brandId ? sql`${brandId} = ${scope.brandId}::uuid` : undefined,
  );
  const [row] = await db
    .select({
      everyone: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${inScope}))::int`,
    })
    .from(person)
    .leftJoin(dept, eq(dept.department, person.department));
  return row && row.everyone > 0 ? row.active : null;
}
