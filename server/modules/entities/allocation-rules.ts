// Rule-based allocations: an application or license pool split by the people holding its seats —
// by each holder's own entity and brand (`license_holders`), or by their department's mapping
// (`department`). Recomputed on save, when seats change (events) and when people change.
import type { AllocationMethod, AllocationTargetKind } from '../../../common/contracts/entities';
import { FULL_SHARE_BP } from '../../../common/contracts/entities';
import { splitMinor } from '../../../common/allocation';
import type { DbOrTx } from '../../db/client';
import type { EventHandler } from '../../lib/events/event-bus';
import { holderPairs, poolsOf, subscriptionsOfSeats } from './allocation-rules.repo';
import { replaceShares, ruleAllocations, type Share } from './allocations.repo';
import { defaultEntityAndBrand } from './lookup.repo';

export type RuleMethod = Exclude<AllocationMethod, 'fixed'>;
export const RULE_TARGET_KINDS: readonly AllocationTargetKind[] = ['subscription', 'license_pool'];

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
