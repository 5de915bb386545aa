import type { z } from 'zod';
import {
  DEFAULT_THRESHOLDS,
  ID_SCOPES,
  scopeIssues,
  type createBudgetBody,
  type updateBudgetBody,
} from '../../../common/contracts/budgets';
import { todayInTimeZone } from '../../../common/dates';
import type { DbOrTx } from '../../db/client';
import { invalidFields, notFound } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import type { AllocationFilter } from '../../../common/contracts/entities';
import { diffChanges, recordAudit } from '../../lib/audit';
import { entityOrBrandName } from '../entities';
import { markSetupStep } from '../organizations';
import { existingIds, namesById } from '../settings-lists';
import { evaluateBudgetAlerts } from './budget-alerts';
import { budgetHistory, budgetStatus, type BudgetRow } from './budget-status';
import {
  applicationName,
  deleteBudgetRow,
  findBudget,
  insertBudget,
  listFilteredBudgets,
  updateBudgetRow,
} from './budgets.repo';

type Ctx = Pick<RequestContext, 'orgId' | 'userId' | 'org' | 'actor' | 'now'>;
type CreateInput = z.output<typeof createBudgetBody>;
type UpdateInput = z.output<typeof updateBudgetBody>;

/** Name of the category, application, entity or brand a budget covers. */
async function scopeLabel(db: DbOrTx, orgId: string, budget: BudgetRow): Promise<string | null> {
  if (budget.scope === 'department') return budget.scopeValue;
  if (!budget.scopeId) return null;
  if (budget.scope === 'entity' || budget.scope === 'brand') {
    return entityOrBrandName(db, orgId, budget.scope, budget.scopeId);
  }
  if (budget.scope === 'category') {
    return (await namesById(db, orgId, [budget.scopeId])).get(budget.scopeId) ?? null;
  }
  if (budget.scope !== 'application') return null;
  return applicationName(db, orgId, budget.scopeId);
}

async function present(deps: ServiceDeps, ctx: Ctx, budget: BudgetRow, db: DbOrTx = deps.db) {
  const today = todayInTimeZone(deps.clock.now());
  return {
    ...budget,
    scopeLabel: await scopeLabel(db, ctx.orgId, budget),
    status: await budgetStatus(db, ctx.orgId, budget, today, ctx.org),
  };
}

export async function listBudgets(deps: ServiceDeps, ctx: Ctx, filter: AllocationFilter = {}) {
  const rows = await listFilteredBudgets(deps.db, ctx.orgId, filter);
  return Promise.all(rows.map((row) => present(deps, ctx, row)));
}

export async function getBudget(deps: ServiceDeps, ctx: Ctx, id: string) {
  return present(deps, ctx, await findBudget(deps.db, ctx.orgId, id));
}

export async function getBudgetHistory(deps: ServiceDeps, ctx: Ctx, id: string, months: number) {
  const budget = await findBudget(deps.db, ctx.orgId, id);
  const today = todayInTimeZone(deps.clock.now());
  return {
    budgetId: budget.id,
    currency: budget.currency,
    months: await budgetHistory(deps.db, ctx.orgId, budget, today, ctx.org, months),
  };
}

/** The scope columns of a budget: only what its scope uses, checked against this organization. */
async function scopeValues(
  db: DbOrTx,
  orgId: string,
  v: { scope: BudgetRow['scope']; scopeId?: string | null; scopeValue?: string | null },
) {
  const issues = scopeIssues(v);
  if (issues.length > 0) throw invalidFields(issues);
  if (
    v.scope === 'category' &&
    v.scopeId &&
    !(await existingIds(db, orgId, 'categories', [v.scopeId])).has(v.scopeId)
  ) {
    throw invalidFields([{ field: 'scopeId', message: 'Unknown category' }]);
  }
  if (v.scope === 'application' && v.scopeId) {
    if ((await applicationName(db, orgId, v.scopeId)) === null)
      throw invalidFields([{ field: 'scopeId', message: 'Unknown application' }]);
  }
  if ((v.scope === 'entity' || v.scope === 'brand') && v.scopeId) {
    if ((await entityOrBrandName(db, orgId, v.scope, v.scopeId)) === null) {
      throw invalidFields([{ field: 'scopeId', message: `Unknown ${v.scope}` }]);
    }
  }
  return {
    scope: v.scope,
    scopeId: ID_SCOPES.includes(v.scope) ? (v.scopeId ?? null) : null,
    scopeValue: v.scope === 'department' ? (v.scopeValue?.trim() ?? null) : null,
  };
}

const sortThresholds = (list: number[]) => [...list].sort((a, b) => a - b);

export async function createBudget(deps: ServiceDeps, ctx: Ctx, input: CreateInput) {
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const scope = await scopeValues(tx, ctx.orgId, input);
    const row = await insertBudget(tx, {
      organizationId: ctx.orgId,
      name: input.name,
      period: input.period,
      amountMinor: input.amountMinor,
      currency: input.currency ?? ctx.org.currency,
      ...scope,
      thresholds: sortThresholds(input.thresholds ?? DEFAULT_THRESHOLDS),
      createdBy: ctx.userId,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, ctx, {
      action: 'budget.create',
      entityType: 'budget',
      entityId: row.id,
      changes: { name: row.name, period: row.period, amountMinor: row.amountMinor, scope: row.scope },
    });
    await markSetupStep(tx, ctx.orgId, 'createBudget', now);
    await evaluateBudgetAlerts(tx, ctx.orgId, now);
    return row.id;
  });
  return getBudget(deps, ctx, id);
}

export async function updateBudget(deps: ServiceDeps, ctx: Ctx, id: string, input: UpdateInput) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await findBudget(tx, ctx.orgId, id);
    const scopeChanged =
      input.scope !== undefined || input.scopeId !== undefined || input.scopeValue !== undefined;
    const scope = scopeChanged
      ? await scopeValues(tx, ctx.orgId, {
          scope: input.scope ?? before.scope,
          scopeId: input.scopeId !== undefined ? input.scopeId : before.scopeId,
          scopeValue: input.scopeValue !== undefined ? input.scopeValue : before.scopeValue,
        })
      : {};
    const values = {
      name: input.name,
      period: input.period,
      amountMinor: input.amountMinor,
      currency: input.currency,
      thresholds: input.thresholds ? sortThresholds(input.thresholds) : undefined,
      ...scope,
    };
    const changes = diffChanges(before, values);
    if (Object.keys(changes).length === 0) return;
    await updateBudgetRow(tx, ctx.orgId, id, { ...values, updatedAt: now });
    await recordAudit(tx, ctx, {
      action: 'budget.update',
      entityType: 'budget',
      entityId: id,
      changes,
    });
    await evaluateBudgetAlerts(tx, ctx.orgId, now);
  });
  return getBudget(deps, ctx, id);
}

export async function deleteBudget(deps: ServiceDeps, ctx: Ctx, id: string) {
  await deps.db.transaction(async (tx) => {
    const deleted = await deleteBudgetRow(tx, ctx.orgId, id);
    if (!deleted) throw notFound('Budget');
    await recordAudit(tx, ctx, {
      action: 'budget.delete',
      entityType: 'budget',
      entityId: id,
      changes: { name: deleted.name },
    });
  });
}
