import type { z } from 'zod';
import type {
  bulkExpenseBody,
  createExpenseBody,
  ExpenseListFilter,
  matchExpenseBody,
  updateExpenseBody,
} from '../../../common/contracts/expenses';
import type { DbOrTx } from '../../db/client';
import { invalidFields, notFound } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { diffChanges, recordAudit } from '../../lib/audit';
import { markSetupStep } from '../organizations';
import { publishEvent } from '../../lib/events/publish';
import { convertedExpenseTotal } from './converted-totals.repo';
import * as repo from './expenses.repo';
import { presentExpense } from './expenses.present';
import { matchColumns, matcherFor } from './matching.repo';
import { assertReferences, findApplication } from './references.repo';
import { learnRule } from './rules.service';
import { afterExpenseWrites, chosenMatch, recordExpense } from './record-expense';

type CreateInput = z.output<typeof createExpenseBody>;
type UpdateInput = z.output<typeof updateExpenseBody>;
type MatchInput = z.output<typeof matchExpenseBody>;
type BulkInput = z.output<typeof bulkExpenseBody>;
type Ctx = Pick<RequestContext, 'orgId' | 'userId' | 'org' | 'actor' | 'now'>;

export async function listExpenses(deps: ServiceDeps, ctx: Ctx, filter: ExpenseListFilter) {
  if (filter.cursor && !repo.decodeCursor(filter.cursor)) {
    throw invalidFields([{ field: 'cursor', message: 'Invalid cursor' }]);
  }
  const page = await repo.listExpenses(deps.db, ctx.orgId, filter);
  return { ...page, items: page.items.map(presentExpense) };
}

/** The ledger's count and sums per currency for the filters, over all pages. */
export async function expenseTotals(
  deps: ServiceDeps,
  ctx: Pick<Ctx, 'orgId' | 'org'>,
  query: Partial<ExpenseListFilter> & { convert?: 'true' | 'false' },
) {
  const { convert, ...filter } = query;
  const totals = await repo.expenseTotals(deps.db, ctx.orgId, filter);
  if (convert !== 'true') return totals;
  const converted = await convertedExpenseTotal(deps.db, ctx.orgId, filter, ctx.org.currency, totals.totals);
  return { ...totals, converted };
}

export async function getExpense(
  deps: ServiceDeps,
  ctx: Pick<Ctx, 'orgId'>,
  id: string,
  db: DbOrTx = deps.db,
) {
  const row = await repo.findExpense(db, ctx.orgId, id);
  if (!row) throw notFound('Expense');
  return presentExpense(row);
}

export async function createExpense(deps: ServiceDeps, ctx: Ctx, input: CreateInput) {
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    await assertReferences(tx, ctx.orgId, input);
    const row = await recordExpense(
      deps,
      tx,
      { ...ctx, now },
      {
        date: input.date,
        amountMinor: input.amountMinor,
        currency: input.currency ?? ctx.org.currency,
        merchant: input.merchant,
        description: input.description ?? null,
        application: input.subscriptionId ? { id: input.subscriptionId, matchMethod: 'manual' } : null,
        vendorId: input.vendorId,
        paymentMethodId: input.paymentMethodId ?? null,
        categoryId: input.categoryId,
        projectId: input.projectId ?? null,
        department: input.department ?? null,
        invoiceNumber: input.invoiceNumber ?? null,
        servicePeriodStart: input.servicePeriodStart ?? null,
        servicePeriodEnd: input.servicePeriodEnd ?? null,
        notes: input.notes ?? null,
        source: input.source,
      },
    );
    await recordAudit(tx, ctx, {
      action: 'expense.create',
      entityType: 'expense',
      entityId: row.id,
      changes: {
        date: row.date,
        amountMinor: row.amountMinor,
        currency: row.currency,
        merchant: row.merchant,
      },
    });
    await markSetupStep(tx, ctx.orgId, 'importExpenses', now);
    return row.id;
  });
  return getExpense(deps, ctx, id);
}

export async function updateExpense(deps: ServiceDeps, ctx: Ctx, id: string, input: UpdateInput) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await repo.findExpenseRow(tx, ctx.orgId, id);
    if (!before) throw notFound('Expense');
    await assertReferences(tx, ctx.orgId, input);
    const start =
      input.servicePeriodStart !== undefined ? input.servicePeriodStart : before.servicePeriodStart;
    const end = input.servicePeriodEnd !== undefined ? input.servicePeriodEnd : before.servicePeriodEnd;
    if (start && end && start > end) {
      throw invalidFields([
        { field: 'servicePeriodEnd', message: 'The service period ends before it starts' },
      ]);
    }
    const { subscriptionId, ...fields } = input;
    const values: Partial<repo.NewExpenseRow> = { ...fields };
    if (input.merchant !== undefined && input.merchant !== before.merchant) {
      const outcome = (await matcherFor(tx, ctx.orgId))(input.merchant);
      // A new merchant text is matched again, unless a person chose the application.
      const keepMatch = before.matchMethod === 'manual' || before.matchStatus === 'ignored';
      Object.assign(
        values,
        keepMatch
          ? { merchantKey: outcome.merchantKey, merchantName: outcome.merchantName }
          : { ...matchColumns(outcome), vendorId: input.vendorId ?? outcome.vendorId ?? before.vendorId },
      );
    }
    if (subscriptionId !== undefined) {
      if (subscriptionId === null) {
        Object.assign(values, {
          subscriptionId: null,
          matchStatus: 'unmatched',
          matchMethod: null,
          matchConfidence: null,
        });
      } else if (subscriptionId !== before.subscriptionId || before.matchMethod !== 'manual') {
        const app = await findApplication(tx, ctx.orgId, subscriptionId);
        Object.assign(values, chosenMatch(subscriptionId), {
          vendorId: input.vendorId ?? app?.vendorId ?? before.vendorId,
        });
      }
    }
    const changes = diffChanges(before, values);
    if (Object.keys(changes).length === 0) return;
    await repo.updateExpense(tx, ctx.orgId, id, { ...values, updatedAt: now });
    await recordAudit(tx, ctx, {
      action: 'expense.update',
      entityType: 'expense',
      entityId: id,
      changes,
    });
    await afterExpenseWrites(deps, tx, ctx.orgId, [id]);
  });
  return getExpense(deps, ctx, id);
}

/** Removes stored documents of deleted expenses; a missing file is fine. */
export async function removeDocuments(deps: ServiceDeps, keys: Array<string | null>) {
  for (const key of keys) {
    if (key) await deps.storage.delete(key);
  }
}

export async function deleteExpense(deps: ServiceDeps, ctx: Ctx, id: string) {
  const deleted = await deps.db.transaction(async (tx) => {
    const rows = await repo.deleteExpenses(tx, ctx.orgId, [id]);
    if (rows.length === 0) throw notFound('Expense');
    await recordAudit(tx, ctx, {
      action: 'expense.delete',
      entityType: 'expense',
      entityId: id,
    });
    await publishEvent(tx, ctx.orgId, 'expense.removed', { expenseIds: [id] }, deps.clock.now());
    return rows;
  });
  await removeDocuments(
    deps,
    deleted.map((r) => r.documentKey),
  );
}

/** Matches an expense by hand; with `learn`, remembers the merchant for future and unmatched expenses. */
export async function matchExpense(deps: ServiceDeps, ctx: Ctx, id: string, input: MatchInput) {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const before = await repo.findExpenseRow(tx, ctx.orgId, id);
    if (!before) throw notFound('Expense');
    const app = await findApplication(tx, ctx.orgId, input.subscriptionId);
    if (!app) throw invalidFields([{ field: 'subscriptionId', message: 'Unknown application' }]);
    await repo.updateExpense(tx, ctx.orgId, id, {
      ...chosenMatch(app.id),
      vendorId: app.vendorId ?? before.vendorId,
      updatedAt: now,
    });
    await recordAudit(tx, ctx, {
      action: 'expense.match',
      entityType: 'expense',
      entityId: id,
      changes: { subscriptionId: { from: before.subscriptionId, to: app.id }, learn: input.learn },
    });
    const learned = input.learn
      ? await learnRule(deps, tx, ctx, { pattern: before.merchantKey, subscriptionId: app.id })
      : null;
    await afterExpenseWrites(deps, tx, ctx.orgId, [id, ...(learned?.matchedIds ?? [])]);
    return learned;
  });
  return {
    expense: await getExpense(deps, ctx, id),
    rule: result?.rule ?? null,
    appliedCount: result?.matchedIds.length ?? 0,
  };
}

export async function setMatchStatus(
  deps: ServiceDeps,
  ctx: Ctx,
  id: string,
  status: 'unmatched' | 'ignored',
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await repo.findExpenseRow(tx, ctx.orgId, id);
    if (!before) throw notFound('Expense');
    await repo.updateExpense(tx, ctx.orgId, id, {
      subscriptionId: null,
      suggestedSubscriptionId: status === 'ignored' ? null : before.suggestedSubscriptionId,
      matchStatus: status,
      matchMethod: null,
      matchConfidence: null,
      updatedAt: now,
    });
    await recordAudit(tx, ctx, {
      action: status === 'ignored' ? 'expense.ignore' : 'expense.unmatch',
      entityType: 'expense',
      entityId: id,
      changes: { matchStatus: { from: before.matchStatus, to: status } },
    });
    await afterExpenseWrites(deps, tx, ctx.orgId, [id]);
  });
  return getExpense(deps, ctx, id);
}

/** One action on many expenses of the review queue or ledger; unknown ids are ignored. */
export async function bulkExpenses(deps: ServiceDeps, ctx: Ctx, input: BulkInput) {
  const now = deps.clock.now();
  const ids = [...new Set(input.ids)];
  const outcome = await deps.db.transaction(async (tx) => {
    if (input.action === 'delete') {
      const rows = await repo.deleteExpenses(tx, ctx.orgId, ids);
      await recordAudit(tx, ctx, {
        action: 'expense.bulk_delete',
        entityType: 'expense',
        changes: { ids: rows.map((r) => r.id) },
      });
      await publishEvent(tx, ctx.orgId, 'expense.removed', { expenseIds: rows.map((r) => r.id) }, now);
      return { count: rows.length, documents: rows.map((r) => r.documentKey) };
    }
    let values: Partial<repo.NewExpenseRow>;
    if (input.action === 'match') {
      const app = input.subscriptionId ? await findApplication(tx, ctx.orgId, input.subscriptionId) : null;
      if (!app)
        throw invalidFields([
          { field: 'subscriptionId', message: 'Choose an application of this organization' },
        ]);
      values = { ...chosenMatch(app.id), ...(app.vendorId ? { vendorId: app.vendorId } : {}) };
    } else {
      values = {
        subscriptionId: null,
        matchStatus: input.action === 'ignore' ? 'ignored' : 'unmatched',
        matchMethod: null,
        matchConfidence: null,
      };
    }
    const updated = await repo.updateExpenses(tx, ctx.orgId, ids, { ...values, updatedAt: now });
    await recordAudit(tx, ctx, {
      action: `expense.bulk_${input.action}`,
      entityType: 'expense',
      changes: { ids: updated, ...(input.subscriptionId ? { subscriptionId: input.subscriptionId } : {}) },
    });
    await afterExpenseWrites(deps, tx, ctx.orgId, updated);
    return { count: updated.length, documents: [] };
  });
  await removeDocuments(deps, outcome.documents);
  return { updated: outcome.count };
}
