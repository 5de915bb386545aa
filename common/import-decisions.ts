// What happens to each import row given the user's choices: one rule for every importer.
import type { ExistingMatch, ImportDecision, ImportDecisions } from './contracts/import-existing';

export interface MatchedRow {
  existing: ExistingMatch | null;
  duplicateOfRow: number | null;
}

/** Rows with no match are created; matched rows follow their own choice, else the default (skip). */
export function decisionFor(
  row: MatchedRow,
  choice: ImportDecision | undefined,
  decisions: ImportDecisions,
): ImportDecision {
  if (!row.existing && row.duplicateOfRow === null) return 'create';
  choice ??= decisions.default;
  // A repeat of an earlier row has no stored record to update yet: it is left out.
  if (choice === 'update' && !row.existing) return 'skip';
  return choice;
}

/**
 * Splits rows into the ones to create, to update (with their stored record) and to skip. `rowOf`
 * is the number the preview shows for a row (and the choices name).
 */
export function partitionRows<T extends MatchedRow>(
  rows: T[],
  decisions: ImportDecisions,
  rowOf: (row: T) => number,
) {
  const byRow = new Map(decisions.rows.map((d) => [d.row, d.decision]));
  const out = { create: [] as T[], update: [] as Array<T & { existing: ExistingMatch }>, skip: [] as T[] };
  for (const row of rows) {
    const decision = decisionFor(row, byRow.get(rowOf(row)), decisions);
    if (decision === 'update' && row.existing) out.update.push({ ...row, existing: row.existing });
    else if (decision === 'create') out.create.push(row);
    else out.skip.push(row);
  }
  return out;
}

/** Row numbers the choices name that the file does not have (a clear 400 rather than a silent no-op). */
export function unknownDecisionRows(rowNumbers: Iterable<number>, decisions: ImportDecisions): number[] {
  const known = new Set(rowNumbers);
  return decisions.rows.map((d) => d.row).filter((row) => !known.has(row));
}

export const NO_DECISIONS: ImportDecisions = { default: 'skip', rows: [] };
