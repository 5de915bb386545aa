import type { z } from 'zod';
import { percentToBasisPoints } from '../../../common/allocation';
import {
  FULL_SHARE_BP,
  type AllocationTargetKind,
  type departmentAllocationsBody,
  type putAllocationBody,
} from '../../../common/contracts/entities';
import type { DbOrTx } from '../../db/client';
import { invalidFields, notFound } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../../lib/audit';
import { RULE_TARGET_KINDS, recomputeRuleAllocations, ruleShares, type RuleMethod } from './allocation-rules';
import * as repo from './allocations.repo';
import { findBrand, findEntity } from './entities.repo';
import { entitiesNeeds } from './needs';

type PutInput = z.output<typeof putAllocationBody>;
type Target = { kind: AllocationTargetKind; id: string };

const TARGET_NAMES: Record<AllocationTargetKind, string> = {
  subscription: 'Application',
  contract: 'Contract',
  license_pool: 'License pool',
  expense: 'Expense',
  budget: 'Budget',
};

/** 404 for a target the organization does not have (another tenant's id included). */
async function assertTarget(db: DbOrTx, orgId: string, target: Target) {
  if (!(await entitiesNeeds.use().targetExists(db, orgId, target.kind, target.id)))
    throw notFound(TARGET_NAMES[target.kind]);
}

async function present(db: DbOrTx, orgId: string, target: Target) {
  const saved = await repo.findAllocation(db, orgId, target.kind, target.id);
  const shares = (await repo.allocationSummaries(db, orgId, target.kind, [target.id])).get(target.id)!;
  return {
    targetKind: target.kind,
    targetId: target.id,
    method: saved?.method ?? 'fixed',
    explicit: saved !== null,
    shares: shares.map((s) => ({ ...s, percent: s.basisPoints / 100 })),
  };
}

export async function getAllocation(deps: ServiceDeps, ctx: RequestContext, target: Target) {
  await assertTarget(deps.db, ctx.orgId, target);
  return present(deps.db, ctx.orgId, target);
}

/** Each named entity and brand must be the organization's and not archived. */
async function checkPairs(
  db: DbOrTx,
  orgId: string,
  shares: Array<{ entityId: string; brandId: string }>,
  field = 'shares',
) {
  const problems: Array<{ field: string; message: string }> = [];
  for (const [i, share] of shares.entries()) {
    const entity = await findEntity(db, orgId, share.entityId);
    if (!entity || entity.archivedAt)
      problems.push({ field: `${field}.${i}.entityId`, message: 'No such entity, or it is archived' });
    const brand = await findBrand(db, orgId, share.brandId);
    if (!brand || brand.archivedAt)
      problems.push({ field: `${field}.${i}.brandId`, message: 'No such brand, or it is archived' });
  }
  if (problems.length > 0) throw invalidFields(problems);
}

/** The fixed shares in basis points, checked again here: they must add up to exactly 100 %. */
function fixedShares(input: PutInput): repo.Share[] {
  const shares = input.shares.map((s) => ({
    entityId: s.entityId,
    brandId: s.brandId,
    basisPoints: percentToBasisPoints(s.percent),
  }));
  const total = shares.reduce((sum, s) => sum + s.basisPoints, 0);
  if (shares.length === 0 || total !== FULL_SHARE_BP)
    throw invalidFields([
      { field: 'shares', message: `Shares must add up to 100 % (they add up to ${total / 100} %)` },
    ]);
  return shares;
}

/**
 * Saves how the target is split. A single whole share of the default entity and brand is the same
 * as no allocation, so it is stored as none. An expense is flagged as having its own allocation in
 * the same transaction, which moves its amount in the month totals.
 */
export async function putAllocation(deps: ServiceDeps, ctx: RequestContext, target: Target, input: PutInput) {
  const rule = input.method === 'fixed' ? null : (input.method as RuleMethod);
  if (rule && !RULE_TARGET_KINDS.includes(target.kind))
    throw invalidFields([
      { field: 'method', message: 'Rules apply to applications and license pools; use fixed shares here' },
    ]);
  return deps.db.transaction(async (tx) => {
    await assertTarget(tx, ctx.orgId, target);
    const before = await present(tx, ctx.orgId, target);
    let shares: repo.Share[];
    if (rule) {
      shares = await ruleShares(tx, ctx.orgId, rule, target);
    } else {
      shares = fixedShares(input);
      await checkPairs(tx, ctx.orgId, shares);
    }
    const fallback = await repo.defaultShare(tx, ctx.orgId);
    const wholeDefault =
      !rule &&
      shares.length === 1 &&
      shares[0]!.entityId === fallback.entityId &&
      shares[0]!.brandId === fallback.brandId;
    if (wholeDefault) await repo.deleteAllocation(tx, ctx.orgId, target);
    else
      await repo.saveAllocation(tx, ctx.orgId, target, input.method, shares, {
        userId: ctx.userId,
        now: deps.clock.now(),
      });
    if (target.kind === 'expense')
      await entitiesNeeds.use().setExpenseOwnAllocation(tx, ctx.orgId, target.id, !wholeDefault);
    const after = await present(tx, ctx.orgId, target);
    await recordAudit(tx, ctx, {
      action: 'allocation.update',
      entityType: target.kind,
      entityId: target.id,
      changes: { from: summary(before), to: summary(after) },
    });
    return after;
  });
}

const summary = (a: Awaited<ReturnType<typeof present>>) => ({
  method: a.method,
  shares: a.shares.map((s) => `${s.entityName} / ${s.brandName} ${s.percent} %`),
});

/** Back to wholly the default entity and brand. */
export async function resetAllocation(deps: ServiceDeps, ctx: RequestContext, target: Target) {
  await deps.db.transaction(async (tx) => {
    await assertTarget(tx, ctx.orgId, target);
    const before = await present(tx, ctx.orgId, target);
    if (!(await repo.deleteAllocation(tx, ctx.orgId, target))) return;
    if (target.kind === 'expense')
      await entitiesNeeds.use().setExpenseOwnAllocation(tx, ctx.orgId, target.id, false);
    await recordAudit(tx, ctx, {
      action: 'allocation.reset',
      entityType: target.kind,
      entityId: target.id,
      changes: { from: summary(before) },
    });
  });
}

export async function getDepartmentAllocations(deps: ServiceDeps, ctx: RequestContext) {
  return { items: await repo.listDepartmentAllocations(deps.db, ctx.orgId) };
}

/** Replaces the department mappings; rule-based allocations follow at once. */
export async function putDepartmentAllocations(
  deps: ServiceDeps,
  ctx: RequestContext,
  input: z.output<typeof departmentAllocationsBody>,
) {
  const seen = new Set<string>();
  const repeated = input.items.findIndex((item) => {
    const key = item.department.toLowerCase();
    return seen.has(key) || !seen.add(key);
  });
  if (repeated >= 0)
    throw invalidFields([
      { field: `items.${repeated}.department`, message: 'Each department may appear once' },
    ]);
  return deps.db.transaction(async (tx) => {
    await checkPairs(tx, ctx.orgId, input.items, 'items');
    await repo.replaceDepartmentAllocations(tx, ctx.orgId, input.items);
    await recomputeRuleAllocations(tx, ctx.orgId);
    await recordAudit(tx, ctx, {
      action: 'department_allocations.update',
      entityType: 'organization',
      entityId: ctx.orgId,
      changes: { items: input.items },
    });
    return { items: await repo.listDepartmentAllocations(tx, ctx.orgId) };
  });
}
