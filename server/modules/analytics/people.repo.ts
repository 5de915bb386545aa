// Headcount for cost per employee: active people of the directory, counted where they belong (their
// own entity and brand, else their department's, else the defaults): the entities module's one
// definition (peopleWithAllocation), the one the Brands page and brand profitability count with.
import { and, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { peopleWithAllocation } from '../people';
import type { SpendScope } from './spend.repo';

/** Active people in the scope, or null when the organization has no directory (nobody at all). */
export async function activePeople(db: DbOrTx, scope: SpendScope): Promise<number | null> {
  const p = peopleWithAllocation(scope.orgId, scope.defaults);
  const inScope = and(
    p.isActive,
    scope.entityId ? sql`${p.entityId} = ${scope.entityId}::uuid` : undefined,
    scope.brandId ? sql`${p.brandId} = ${scope.brandId}::uuid` : undefined,
  );
  const [row] = await db
    .select({
      everyone: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${inScope}))::int`,
    })
    .from(p.person)
    .leftJoin(p.dept, p.onDepartment);
  return row && row.everyone > 0 ? row.active : null;
}
