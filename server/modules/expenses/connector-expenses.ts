// Expenses from an accounting connector (QuickBooks Online, Xero): each bill or purchase is ONE
// expense, keyed by (organization, provider, provider id) — a second sync, a retried page or an edited
// bill updates it, never adds another; a deleted or voided one is removed. New lines are stored the
// way a statement import stores card lines (the same matcher and match columns, one multi-row insert
// per page), then get recordExpense's after-write effects (reconciliation flags, `expense.recorded`),
// so uncertain matches wait in the same review queue. An edit re-runs the matcher only when the
// vendor changed and nobody matched the expense by hand. Amounts stay in the bill's currency:
// analytics converts them at the charge's date like any imported expense. A credit or refund is a
// line with a negative amount: totals and analytics subtract it like a card refund. A line naming a
// legal entity (a Xero organisation) is allocated wholly to the entity of that name when there is one.
import { toMinor } from '../../../common/money';
import type { ExpenseSource } from '../../../common/contracts/expenses';
import type { DbOrTx } from '../../db/client';
import { actingUserId, type ActingContext } from '../../lib/acting-context';
import { orderedIdSequence } from '../../lib/ordered-ids';
import { publishEvent } from '../../lib/events/publish';
import type { ServiceDeps } from '../../types';
import { allocateImportedRows, listEntities } from '../entities';
import * as repo from './expenses.repo';
import { matchColumns, matcherFor } from './matching.repo';
import { markOwnAllocations } from './own-allocation.repo';
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
  /** The legal entity (by name) the books belong to; the default entity when none has that name. */
  entity?: string | null;
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

/** New lines naming an entity other than the default: wholly allocated to it (by name, case-insensitive). */
async function allocateToEntities(
  tx: DbOrTx,
  by: Recorder,
  fresh: repo.BulkRow[],
  lines: Map<string, AccountingLine>,
) {
  const wanted = fresh.filter((row) => lines.get(row.sourceId!)?.entity);
  if (wanted.length === 0) return;
  const other = new Set(
    (await listEntities(tx, by.orgId)).filter((e) => !e.isDefault).map((e) => e.name.toLowerCase()),
  );
  const named = wanted.flatMap((row, line) => {
    const entity = lines.get(row.sourceId!)!.entity!;
    return other.has(entity.toLowerCase()) ? [{ targetId: row.id!, line, entity, brand: null }] : [];
  });
  await allocateImportedRows(tx, by.orgId, 'expense', named, actingUserId(by));
  await markOwnAllocations(
    tx,
    by.orgId,
    named.map((n) => n.targetId),
  );
}

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
  await allocateToEntities(tx, by, fresh, byId);
  if (written.length > 0) await afterExpenseWrites(deps, tx, by.orgId, written);
  return { created: fresh.length, updated };
}

/** The provider ids and dates of the expenses a connector imported from one company (`prefix` of its ids). */
export async function connectorExpenseIds(
  tx: DbOrTx,
  orgId: string,
  source: AccountingSource,
  prefix: string,
): Promise<Array<{ providerId: string; date: string }>> {
  const rows = await repo.sourceIdsWithPrefix(tx, orgId, source, prefix);
  return rows.map((r) => ({ providerId: r.sourceId!, date: r.date }));
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
