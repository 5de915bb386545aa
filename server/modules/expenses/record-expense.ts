// Recording one expense, whoever records it (a person or the API through createExpense, a forwarded
// invoice through recordInvoiceExpense): the merchant matched against the catalogue and the
// organization's rules, an application chosen by the caller kept, the row stored, and the after-write
// effects. The audit row stays with the caller: what it records differs by entry point.
import type { MatchMethod } from '../../../common/contracts/expenses';
import type { DbOrTx } from '../../db/client';
import { actingUserId, type ActingContext } from '../../lib/acting-context';
import type { ServiceDeps } from '../../types';
import { publishEvent } from '../../lib/events/publish';
import { reconcileExpenses } from './flags';
import * as repo from './expenses.repo';
import { matchColumns, matcherFor } from './matching.repo';
import { findApplication } from './references.repo';

/**
 * What follows every write to expenses, in the same transaction: the written rows' reconciliation
 * flags, and the `expense.recorded` event that cost alerts and budget checks react to after commit.
 */
export async function afterExpenseWrites(deps: ServiceDeps, tx: DbOrTx, orgId: string, ids: string[]) {
  await reconcileExpenses(tx, orgId, ids);
  await publishEvent(tx, orgId, 'expense.recorded', { expenseIds: ids }, deps.clock.now());
}

/** Match columns for an expense matched to an application by a person (or by the invoice it came with). */
export function chosenMatch(subscriptionId: string, matchMethod: MatchMethod = 'manual') {
  return {
    subscriptionId,
    suggestedSubscriptionId: null,
    matchStatus: 'matched' as const,
    matchMethod,
    matchConfidence: 1,
  };
}

type StoredColumns = Omit<
  repo.NewExpenseRow,
  | 'id'
  | 'organizationId'
  | 'subscriptionId'
  | 'suggestedSubscriptionId'
  | 'matchStatus'
  | 'matchMethod'
  | 'matchConfidence'
  | 'merchantKey'
  | 'merchantName'
  | 'createdBy'
  | 'createdAt'
  | 'updatedAt'
>;

export interface ExpenseToRecord extends StoredColumns {
  merchant: string;
  /** The application a person or the invoice chose: matched to it, whatever the merchant says. */
  application?: { id: string; matchMethod: MatchMethod } | null;
}

/** Who records it and when: the acting context of the entry point (a person, a key, inbound mail). */
type Recorder = Pick<ActingContext, 'orgId' | 'actor' | 'now'>;

/** Stores the expense in the caller's transaction and returns its row. */
export async function recordExpense(
  deps: ServiceDeps,
  tx: DbOrTx,
  by: Recorder,
  { application, vendorId, categoryId, ...columns }: ExpenseToRecord,
): Promise<repo.ExpenseRow> {
  const outcome = (await matcherFor(tx, by.orgId))(columns.merchant);
  const app = application ? await findApplication(tx, by.orgId, application.id) : null;
  const row = await repo.insertExpense(tx, {
    ...columns,
    organizationId: by.orgId,
    ...matchColumns(outcome),
    ...(application ? chosenMatch(application.id, application.matchMethod) : {}),
    vendorId: vendorId ?? app?.vendorId ?? outcome.vendorId,
    categoryId: categoryId ?? outcome.categoryId,
    createdBy: actingUserId(by),
    createdAt: by.now,
    updatedAt: by.now,
  });
  await afterExpenseWrites(deps, tx, by.orgId, [row.id]);
  return row;
}
