// Merchant rules: merchant pattern → application. Written by hand or learnt from a manual match;
// each applies to future expenses (through the matcher) and to the unmatched ones already stored.
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ruleBody, updateRuleBody } from '../../../common/contracts/expenses';
import type { DbOrTx } from '../../db/client';
import { expenseRules } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { isUniqueViolation } from '../../lib/db-errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { diffChanges, recordAudit } from '../../lib/audit';
import { subscriptionsOf } from '../subscriptions';
import { applyRuleToUnmatched } from './matching.repo';
import { assertReferences } from './references';

type Ctx = Pick<RequestContext, 'orgId' | 'userId'>;
type RuleInput = z.output<typeof ruleBody>;
type RuleUpdate = z.output<typeof updateRuleBody>;

function rulesQuery(db: DbOrTx, orgId: string) {
  const app = subscriptionsOf(orgId, 'app');
  return db
    .select({
      id: expenseRules.id,
      pattern: expenseRules.pattern,
      matchType: expenseRules.matchType,
      subscriptionId: expenseRules.subscriptionId,
      subscriptionName: app.name,
      categoryId: expenseRules.categoryId,
      learned: expenseRules.learned,
      createdAt: expenseRules.createdAt,
    })
    .from(expenseRules)
    .leftJoin(app, eq(app.id, expenseRules.subscriptionId));
}

export async function listRules(deps: ServiceDeps, ctx: Pick<Ctx, 'orgId'>) {
  return rulesQuery(deps.db, ctx.orgId)
    .where(eq(expenseRules.organizationId, ctx.orgId))
    .orderBy(asc(expenseRules.pattern));
}

async function getRule(db: DbOrTx, orgId: string, id: string) {
  const [row] = await rulesQuery(db, orgId).where(
    and(eq(expenseRules.organizationId, orgId), eq(expenseRules.id, id)),
  );
  if (!row) throw notFound('Rule');
  return row;
}

const duplicate = () => new AppError('conflict', 'A rule with this pattern already exists.');

/** Creates or re-points the exact rule for a merchant key, and applies it to unmatched expenses. */
export async function learnRule(
  deps: ServiceDeps,
  tx: DbOrTx,
  ctx: Ctx,
  input: { pattern: string; subscriptionId: string },
) {
  const now = deps.clock.now();
  const [saved] = await tx
    .insert(expenseRules)
    .values({
      organizationId: ctx.orgId,
      pattern: input.pattern.toUpperCase(),
      matchType: 'exact',
      subscriptionId: input.subscriptionId,
      learned: true,
      createdBy: ctx.userId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [expenseRules.organizationId, expenseRules.matchType, expenseRules.pattern],
      set: { subscriptionId: input.subscriptionId, updatedAt: now },
    })
    .returning();
  await recordAudit(tx, {
    orgId: ctx.orgId,
    userId: ctx.userId,
    action: 'expense_rule.learn',
    entityType: 'expense_rule',
    entityId: saved.id,
    changes: { pattern: saved.pattern, subscriptionId: saved.subscriptionId },
  });
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
      const [row] = await tx
        .insert(expenseRules)
        .values({
          organizationId: ctx.orgId,
          pattern: input.pattern.toUpperCase(),
          matchType: input.matchType,
          subscriptionId: input.subscriptionId,
          categoryId: input.categoryId ?? null,
          createdBy: ctx.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordAudit(tx, {
        orgId: ctx.orgId,
        userId: ctx.userId,
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
      const [before] = await tx
        .select()
        .from(expenseRules)
        .where(and(eq(expenseRules.organizationId, ctx.orgId), eq(expenseRules.id, id)))
        .for('update');
      if (!before) throw notFound('Rule');
      await checkReferences(tx, ctx.orgId, input);
      const values = { ...input, ...(input.pattern ? { pattern: input.pattern.toUpperCase() } : {}) };
      const changes = diffChanges(before, values);
      const [row] = await tx
        .update(expenseRules)
        .set({ ...values, updatedAt: now })
        .where(and(eq(expenseRules.organizationId, ctx.orgId), eq(expenseRules.id, id)))
        .returning();
      await recordAudit(tx, {
        orgId: ctx.orgId,
        userId: ctx.userId,
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
    const rows = await tx
      .delete(expenseRules)
      .where(and(eq(expenseRules.organizationId, ctx.orgId), eq(expenseRules.id, id)))
      .returning({ id: expenseRules.id, pattern: expenseRules.pattern });
    if (rows.length === 0) throw notFound('Rule');
    await recordAudit(tx, {
      orgId: ctx.orgId,
      userId: ctx.userId,
      action: 'expense_rule.delete',
      entityType: 'expense_rule',
      entityId: id,
      changes: { pattern: rows[0].pattern },
    });
  });
}
