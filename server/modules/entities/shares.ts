// How targets are split between entities and brands, as figures and filters read it: each target's
// shares with the default entity and brand standing in where nothing was saved.
import type { AllocationTargetKind } from '../../../common/contracts/entities';
import type { DbOrTx } from '../../db/client';
import {
  allocationSummaries,
  defaultShare,
  savedShares,
  type NamedShare,
  type Share,
} from './allocations.repo';

/** Each target's shares (entity, brand, basis points), wholly the default pair when none were saved. */
export async function sharesFor(
  db: DbOrTx,
  orgId: string,
  kind: AllocationTargetKind,
  ids: string[],
): Promise<Map<string, Share[]>> {
  const summaries = await allocationSummaries(db, orgId, kind, ids);
  return new Map(
    [...summaries].map(([id, shares]) => [
      id,
      shares.map(({ entityId, brandId, basisPoints }) => ({ entityId, brandId, basisPoints })),
    ]),
  );
}

/**
 * The shares of targets that may have their own allocation and otherwise follow a parent's (a license
 * pool its application's), as `allocatedThrough` filters them: their own when saved, else the
 * parent's, else wholly the default entity and brand. Keyed by the target's id.
 */
export async function sharesThrough(
  db: DbOrTx,
  orgId: string,
  kinds: { own: AllocationTargetKind; parent: AllocationTargetKind },
  targets: ReadonlyArray<{ id: string; parentId: string }>,
): Promise<Map<string, Share[]>> {
  const own = await savedShares(db, orgId, kinds.own, [...new Set(targets.map((t) => t.id))]);
  const orphans = targets.filter((t) => !own.has(t.id));
  const parents = await savedShares(db, orgId, kinds.parent, [...new Set(orphans.map((t) => t.parentId))]);
  const fallback = orphans.some((t) => !parents.has(t.parentId)) ? await defaultShare(db, orgId) : null;
  const plain = (list: NamedShare[]) =>
    list.map(({ entityId, brandId, basisPoints }) => ({ entityId, brandId, basisPoints }));
  return new Map(targets.map((t) => [t.id, plain(own.get(t.id) ?? parents.get(t.parentId) ?? [fallback!])]));
}
