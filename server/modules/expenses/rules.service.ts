// Merchant rules: merchant pattern → application. Written by hand or learnt from a manual match;
// each applies to future expenses (through the matcher) and to the unmatched ones already stored.
import type { z } from 'zod';
import type { ruleBody, updateRuleBody } from '../../../common/contracts/expenses';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { isUniqueViolation } from '../../lib/db-errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { diffChanges, recordAudit } from '../../lib/audit';
import { applyRuleToUnmatched } from './matching.repo';
import { assertReferences } from './references.repo';
import {
  deleteRuleRow,
  getRule,
  insertRule,
  listRuleRows,
  lockRule,
  updateRuleRow,
  upsertLearnedRule,
} from './rules.repo';

type Ctx = Pick<RequestContext, 'orgId' | 'userId' | 'actor' | 'now'>;
type RuleInput = z.output<typeof ruleBody>;
type RuleUpdate = z.output<typeof updateRuleBody>;

export async function listRules(deps: ServiceDeps, ctx: Pick<Ctx, 'orgId'>) {
  return listRuleRows(deps.db, ctx.orgId);
}

const duplicate = () => new AppError('conflict', 'A rule with this pattern already exists.');

/** Creates or re-points the exact rule for a merchant key, and applies it to unmatched expenses. */
export async function learnRule(
  deps: ServiceDeps,
  tx: DbOrTx,
  // The actor (and any action collecting steps) so that a larger action can fold the rule into its row.
  ctx: Pick<RequestContext, 'orgId' | 'userId' | 'actor' | 'auditSteps'>,
  input: { pattern: string; subscriptionId: string },
) {
  const now = deps.clock.now();
  const saved = await upsertLearnedRule(tx, {
    organizationId: ctx.orgId,
    pattern: input.pattern.toUpperCase(),
    matchType: 'exact',
    subscriptionId: input.subscriptionId,
    learned: true,
    createdBy: ctx.userId,
    createdAt: now,
    updatedAt: now,
  });
  await recordAudit(
    tx,
    { ...ctx, now },
    {
      action: 'expense_rule.learn',
      entityType: 'expense_rule',
      entityId: saved.id,
      changes: { pattern: saved.pattern, subscriptionId: saved.subscriptionId },
    },
  );
  const matchedIds = await applyRuleToUnmatched(tx, ctx.orgId, saved, now);
  return {
    rule: { ...(await getRule(tx, ctx.orgId, saved.id)), appliedCount: matchedIds.length },
    matchedIds,
  };
}

async function checkReferences(
  tx: DbOrTx,
  orgId: string,
  input: { subscriptionId?: string; categoryId?: string | null },
) {
  await assertReferences(tx, orgId, { subscriptionId: input.subscriptionId, categoryId: input.categoryId });
}

export async function createRule(
  deps: ServiceDeps,
  ctx: Ctx,
  input: RuleInput,
  after: (tx: DbOrTx, ids: string[]) => Promise<void>,
) {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      await checkReferences(tx, ctx.orgId, input);
      const row = await insertRule(tx, {
        organizationId: ctx.orgId,
        pattern: input.pattern.toUpperCase(),
        matchType: input.matchType,
        subscriptionId: input.subscriptionId,
        categoryId: input.categoryId ?? null,
        createdBy: ctx.userId,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, ctx, {
        action: 'expense_rule.create',
        entityType: 'expense_rule',
        entityId: row.id,
        changes: { pattern: row.pattern, matchType: row.matchType, subscriptionId: row.subscriptionId },
      });
      const matched = input.applyToExisting ? await applyRuleToUnmatched(tx, ctx.orgId, row, now) : [];
      await after(tx, matched);
      return { ...(await getRule(tx, ctx.orgId, row.id)), appliedCount: matched.length };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

export async function updateRule(
  deps: ServiceDeps,
  ctx: Ctx,
  id: string,
  input: RuleUpdate,
  after: (tx: DbOrTx, ids: string[]) => Promise<void>,
) {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const before = await lockRule(tx, ctx.orgId, id);
      if (!before) throw notFound('Rule');
      await checkReferences(tx, ctx.orgId, input);
      const values = { ...input, ...(input.pattern ? { pattern: input.pattern.toUpperCase() } : {}) };
      const changes = diffChanges(before, values);
      const row = await updateRuleRow(tx, ctx.orgId, id, { ...values, updatedAt: now });
      await recordAudit(tx, ctx, {
        action: 'expense_rule.update',
        entityType: 'expense_rule',
        entityId: id,
        changes,
      });
      const matched = await applyRuleToUnmatched(tx, ctx.orgId, row, now);
      await after(tx, matched);
      return { ...(await getRule(tx, ctx.orgId, id)), appliedCount: matched.length };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** Deleting a rule leaves the expenses it matched as they are. */
export async function deleteRule(deps: ServiceDeps, ctx: Ctx, id: string) {
  await deps.db.transaction(async (tx) => {
    const deleted = await deleteRuleRow(tx, ctx.orgId, id);
    if (!deleted) throw notFound('Rule');
    await recordAudit(tx, ctx, {
      action: 'expense_rule.delete',
      entityType: 'expense_rule',
      entityId: id,
      changes: { pattern: deleted.pattern },
    });
  });
}
