// Rule-based allocations: an application or license pool split by the people holding its seats —
// by each holder's own entity and brand (`license_holders`), or by their department's mapping
// (`department`). Recomputed on save, when seats change (events) and when people change.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AllocationMethod, AllocationTargetKind } from '../../../common/contracts/entities';
import { FULL_SHARE_BP } from '../../../common/contracts/entities';
import { splitMinor } from '../../../common/allocation';
import type { DbOrTx } from '../../db/client';
import { departmentAllocations } from '../../db/schema';
import type { EventHandler } from '../../lib/events/event-bus';
import { replaceShares, ruleAllocations, type Share } from './allocations.repo';
import { defaultEntityAndBrand } from './lookup';
import { entitiesNeeds } from './needs';

export type RuleMethod = Exclude<AllocationMethod, 'fixed'>;
export const RULE_TARGET_KINDS: readonly AllocationTargetKind[] = ['subscription', 'license_pool'];

/** Each holder's (entity, brand) under the rule, one row per person and target. */
async function holderPairs(
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

/** The shares a rule gives: holders counted per (entity, brand), split so they add up to 100 %. */
export async function ruleShares(
  db: DbOrTx,
  orgId: string,
  method: RuleMethod,
  target: { kind: AllocationTargetKind; id: string },
): Promise<Share[]> {
  const fallback = await defaultEntityAndBrand(db, orgId);
  const counts = new Map<string, { entityId: string; brandId: string; people: number }>();
  for (const row of await holderPairs(db, orgId, method, target)) {
    const entityId = row.entityId ?? fallback.entityId;
    const brandId = row.brandId ?? fallback.brandId;
    const key = `${entityId}/${brandId}`;
    const entry = counts.get(key) ?? { entityId, brandId, people: 0 };
    entry.people += 1;
    counts.set(key, entry);
  }
  if (counts.size === 0) return [{ ...fallback, basisPoints: FULL_SHARE_BP }];
  // A stable order, so the same holders always round the same way.
  const groups = [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, g]) => g);
  const points = splitMinor(
    FULL_SHARE_BP,
    groups.map((g) => g.people),
  );
  return groups
    .map((g, i) => ({ entityId: g.entityId, brandId: g.brandId, basisPoints: points[i]! }))
    .filter((s) => s.basisPoints > 0);
}

/**
 * Recomputes the shares of every rule-based allocation (of the given applications and their
 * license pools, or of the whole organization), in the caller's transaction.
 */
export async function recomputeRuleAllocations(db: DbOrTx, orgId: string, subscriptionIds?: string[]) {
  let targets = await ruleAllocations(db, orgId);
  if (subscriptionIds) {
    if (subscriptionIds.length === 0) return;
    const pools = await poolsOf(db, orgId, subscriptionIds);
    const wanted = new Set([...subscriptionIds, ...pools]);
    targets = targets.filter((t) => wanted.has(t.id));
  }
  for (const target of targets) {
    const shares = await ruleShares(db, orgId, target.method as RuleMethod, target);
    await replaceShares(db, orgId, target, shares);
  }
}

/** The license pools of the applications. */
async function poolsOf(db: DbOrTx, orgId: string, subscriptionIds: string[]) {
  const pool = entitiesNeeds.use().seats.licensePoolsOf(orgId);
  const rows = await db
    .select({ id: pool.id })
    .from(pool)
    .where(inArray(pool.subscriptionId, subscriptionIds));
  return rows.map((r) => r.id);
}

/** The applications whose seats the assignments are (open or closed). */
async function subscriptionsOfSeats(db: DbOrTx, orgId: string, assignmentIds: string[]) {
  if (assignmentIds.length === 0) return [];
  const seat = entitiesNeeds.use().seats.seatsOf(orgId);
  const rows = await db
    .selectDistinct({ subscriptionId: seat.subscriptionId })
    .from(seat)
    .where(inArray(seat.id, assignmentIds));
  return rows.map((r) => r.subscriptionId);
}

/** Rule-based allocations follow seats as they are given and taken back, and people who leave. */
export const ruleAllocationsHandler: EventHandler<
  'license.assigned' | 'license.unassigned' | 'person.offboarded'
> = {
  name: 'entities.rule-allocations',
  events: ['license.assigned', 'license.unassigned', 'person.offboarded'],
  handle: async (tx, event) => {
    const payload = event.payload as { assignmentIds?: string[] };
    const subscriptionIds = payload.assignmentIds
      ? await subscriptionsOfSeats(tx, event.organizationId, payload.assignmentIds)
      : undefined;
    await recomputeRuleAllocations(tx, event.organizationId, subscriptionIds);
  },
};
