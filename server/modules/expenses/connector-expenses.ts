// Expenses from an accounting connector (QuickBooks Online, Xero): each bill or purchase is ONE
// expense, keyed by (organization, provider, provider id) — a second sync, a retried page or an edited
// bill updates it, never adds another; a deleted or voided one is removed. New lines are stored the
// way a statement import stores card lines (the same matcher and match columns, one multi-row insert
// per page), then get recordExpense's after-write effects (reconciliation flags, `expense.recorded`),
// so uncertain matches wait in the same review queue. An edit re-runs the matcher only when the
// vendor changed and nobody matched the expense by hand. Amounts stay in the bill's currency:
// analytics converts them at the charge's date like any imported expense.
import { toMinor } from '../../../common/money';
import type { ExpenseSource } from '../../../common/contracts/expenses';
import type { DbOrTx } from '../../db/client';
import { actingUserId, type ActingContext } from '../../lib/acting-context';
import { orderedIdSequence } from '../../lib/ordered-ids';
import { publishEvent } from '../../lib/events/publish';
import type { ServiceDeps } from '../../types';
import * as repo from './expenses.repo';
import { matchColumns, matcherFor } from './matching.repo';
import { afterExpenseWrites } from './record-expense';

/** A bill or purchase as an accounting system describes it (amount in major units). */
export interface AccountingLine {
  providerId: string;
  /** YYYY-MM-DD. */
  date: string;
  vendorName: string;
  amount: number;
  /** ISO 4217; the organization's currency when the provider says none. */
  currency: string | null;
  memo: string | null;
  /** The bill or purchase in the provider's web app. */
  link: string | null;
}

export type AccountingSource = Extract<ExpenseSource, 'quickbooks' | 'xero'>;

type Recorder = Pick<ActingContext, 'orgId' | 'actor' | 'now'>;

function minorOrNull(amount: number, currency: string): number | null {
  try {
    return toMinor(amount, currency);
  } catch {
    return null;
  }
}

/** Matches set by a person (or a rule they made) are theirs: an edited bill keeps them. */
const keptMatch = (row: repo.ExpenseRow) => row.matchMethod === 'manual' || row.matchMethod === 'rule';

/** Creates or updates one expense per line; answers how many were created and updated. */
export async function upsertConnectorExpenses(
  deps: ServiceDeps,
  tx: DbOrTx,
  by: Recorder,
  source: AccountingSource,
  orgCurrency: string,
  lines: AccountingLine[],
): Promise<{ created: number; updated: number }> {
  // The last word on a provider id wins when a page repeats one.
  const byId = new Map(lines.map((line) => [line.providerId, line] as const));
  const existing = new Map(
    (await repo.findBySourceIds(tx, by.orgId, source, [...byId.keys()])).map(
      (r) => [r.sourceId!, r] as const,
    ),
  );
  const match = await matcherFor(tx, by.orgId);
  const written: string[] = [];
  const fresh: repo.BulkRow[] = [];
  const nextId = orderedIdSequence(by.now);
  let updated = 0;
  for (const line of byId.values()) {
    const currency = (line.currency || orgCurrency).toUpperCase();
    const amountMinor = minorOrNull(line.amount, currency);
    // A currency Stackwise does not know cannot be stored or converted: that line waits, the rest goes on.
    if (amountMinor === null) continue;
    const columns = {
      date: line.date,
      amountMinor,
      currency,
      merchant: line.vendorName,
      description: line.memo,
      sourceUrl: line.link,
    };
    const before = existing.get(line.providerId);
    if (!before) {
      const outcome = match(columns.merchant);
      fresh.push({
        ...columns,
        id: nextId(),
        sourceId: line.providerId,
        ...matchColumns(outcome),
        vendorId: outcome.vendorId,
        categoryId: outcome.categoryId,
      });
      continue;
    }
    const same =
      before.date === columns.date &&
      before.amountMinor === columns.amountMinor &&
      before.currency === columns.currency &&
      before.merchant === columns.merchant &&
      before.description === columns.description &&
      before.sourceUrl === columns.sourceUrl;
    if (same) continue;
    let rematch = {};
    if (before.merchant !== columns.merchant && !keptMatch(before)) {
      const outcome = match(columns.merchant);
      rematch = { ...matchColumns(outcome), vendorId: outcome.vendorId };
    }
    await repo.updateExpense(tx, by.orgId, before.id, { ...columns, ...rematch, updatedAt: by.now });
    written.push(before.id);
    updated += 1;
  }
  // New ones the way a statement import stores its lines: one statement for the page.
  await repo.bulkInsertExpenses(
    tx,
    {
      organizationId: by.orgId,
      source,
      importBatchId: null,
      paymentMethodId: null,
      createdBy: actingUserId(by),
      now: by.now,
    },
    fresh,
  );
  written.push(...fresh.map((r) => r.id!));
  if (written.length > 0) await afterExpenseWrites(deps, tx, by.orgId, written);
  return { created: fresh.length, updated };
}

/** Bills and purchases the provider deleted or voided: their expenses go. Answers how many. */
export async function removeConnectorExpenses(
  deps: ServiceDeps,
  tx: DbOrTx,
  orgId: string,
  source: AccountingSource,
  providerIds: string[],
): Promise<number> {
  const rows = await repo.findBySourceIds(tx, orgId, source, providerIds);
  const removed = await repo.deleteExpenses(
    tx,
    orgId,
    rows.map((r) => r.id),
  );
  if (removed.length > 0)
    await publishEvent(
      tx,
      orgId,
      'expense.removed',
      { expenseIds: removed.map((r) => r.id) },
      deps.clock.now(),
    );
  return removed.length;
}
