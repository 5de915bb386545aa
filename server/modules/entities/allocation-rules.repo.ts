import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AllocationTargetKind } from '../../../common/contracts/entities';
import type { DbOrTx } from '../../db/client';
import { departmentAllocations } from '../../db/schema';
import { entitiesNeeds } from './needs';
import type { RuleMethod } from './allocation-rules';

/** Each holder's (entity, brand) under the rule, one row per person and target. */
export async function holderPairs(
  db: DbOrTx,
  orgId: string,
  method: RuleMethod,
  target: { kind: AllocationTargetKind; id: string },
) {
  const holder = entitiesNeeds.use().seats.seatHoldersOf(orgId);
  const mapped = sql`lower(${departmentAllocations.department}) = lower(${holder.department})`;
  // license_holders: the person's own entity or brand first; department: the mapping alone.
  const own = method === 'license_holders';
  return db
    .selectDistinct({
      personId: holder.personId,
      entityId: own
        ? sql<string | null>`coalesce(${holder.entityId}, ${departmentAllocations.entityId})`
        : sql<string | null>`${departmentAllocations.entityId}`,
      brandId: own
        ? sql<string | null>`coalesce(${holder.brandId}, ${departmentAllocations.brandId})`
        : sql<string | null>`${departmentAllocations.brandId}`,
    })
    .from(holder)
    .leftJoin(departmentAllocations, and(eq(departmentAllocations.organizationId, orgId), mapped))
    .where(
      target.kind === 'license_pool' ? eq(holder.poolId, target.id) : eq(holder.subscriptionId, target.id),
    );
}

/** The license pools of the applications. */
export async function poolsOf(db: DbOrTx, orgId: string, subscriptionIds: string[]) {
  const pool = entitiesNeeds.use().seats.licensePoolsOf(orgId);
  const rows = await db
    .select({ id: pool.id })
    .from(pool)
    .where(inArray(pool.subscriptionId, subscriptionIds));
  return rows.map((r) => r.id);
}

/** The applications whose seats the assignments are (open or closed). */
export async function subscriptionsOfSeats(db: DbOrTx, orgId: string, assignmentIds: string[]) {
  if (assignmentIds.length === 0) return [];
  const seat = entitiesNeeds.use().seats.seatsOf(orgId);
  const rows = await db
    .selectDistinct({ subscriptionId: seat.subscriptionId })
    .from(seat)
    .where(inArray(seat.id, assignmentIds));
  return rows.map((r) => r.subscriptionId);
}
