// Statement rows that are already booked: the user's choices (skip, update, create anyway) and the
// update, which refreshes the booked expense with what the file says about it.
import type { ImportDecisions } from '../../../common/contracts/import-existing';
import type { DbOrTx } from '../../db/client';
import { updateExpenses } from './expenses.repo';

/**
 * The choices of a commit. `keepDuplicateLines` / `keepAllDuplicates` (the older way to say
 * "create anyway") still count: as a per-line or default `create`.
 */
export function statementDecisions(options: {
  decisions?: ImportDecisions;
  keepDuplicateLines: number[];
  keepAllDuplicates: boolean;
}): ImportDecisions {
  const chosen = options.decisions ?? {
    default: options.keepAllDuplicates ? 'create' : 'skip',
    rows: [],
  };
  const named = new Set(chosen.rows.map((r) => r.row));
  const kept = options.keepDuplicateLines
    .filter((line) => !named.has(line))
    .map((line) => ({ row: line, decision: 'create' as const }));
  return { default: chosen.default, rows: [...chosen.rows, ...kept] };
}

interface UpdateRow {
  existingId: string;
  row: { description: string | null; invoiceNumber: string | null; externalId: string | null };
  categoryId: string | null | undefined;
}

/**
 * Writes what the file knows about each booked expense (its description, invoice number, bank id,
 * category, and the payment method the import applies); empty cells leave fields as they are.
 * Answers the updated ids.
 */
export async function updateBookedExpenses(
  tx: DbOrTx,
  orgId: string,
  rows: UpdateRow[],
  options: { paymentMethodId: string | null; now: Date },
): Promise<string[]> {
  const ids: string[] = [];
  for (const { existingId, row, categoryId } of rows) {
    const values = {
      ...(row.description ? { description: row.description } : {}),
      ...(row.invoiceNumber ? { invoiceNumber: row.invoiceNumber } : {}),
      ...(row.externalId ? { externalId: row.externalId } : {}),
      ...(categoryId ? { categoryId } : {}),
      ...(options.paymentMethodId ? { paymentMethodId: options.paymentMethodId } : {}),
      updatedAt: options.now,
    };
    ids.push(...(await updateExpenses(tx, orgId, [existingId], values)));
  }
  return ids;
}
