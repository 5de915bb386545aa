import { useState } from 'react';
import { Copy } from 'lucide-react';
import {
  EXISTING_MATCH_LABELS,
  type ExistingMatch,
  type ImportDecision,
  type ImportDecisions,
  type ImportOutcomeCounts,
} from '@common/contracts/import-existing';
import { NativeSelect } from '@/components/ui/input';

export interface ExistingRow {
  row: number;
  /** What the file says (name, e-mail, merchant and amount). */
  title: string;
  existing: ExistingMatch | null;
  duplicateOfRow: number | null;
}

const DECISION_LABELS: Record<ImportDecision, string> = {
  skip: 'Skip',
  update: 'Update it',
  create: 'Create anyway',
};

/** "Already in Stackwise: Slack (same catalogue app)" or "Repeats row 3". */
export function matchText(row: Pick<ExistingRow, 'existing' | 'duplicateOfRow'>, rowWord = 'row') {
  if (row.existing)
    return `Already in Stackwise: ${row.existing.label} (${EXISTING_MATCH_LABELS[row.existing.matchedBy]})`;
  return row.duplicateOfRow !== null ? `Repeats ${rowWord} ${row.duplicateOfRow} of this file` : '';
}

/** A repeat of an earlier row has nothing stored to update: the server skips it, and so does the list. */
const valueFor = (row: ExistingRow, choice: ImportDecision) =>
  choice === 'update' && !row.existing ? 'skip' : choice;

/** The user's choices for matched rows; matched rows are skipped unless told otherwise. */
export function useImportDecisions() {
  const [decisions, setDecisions] = useState<ImportDecisions>({ default: 'skip', rows: [] });
  return {
    decisions,
    setDefault: (choice: ImportDecision) => setDecisions({ default: choice, rows: [] }),
    setRow: (row: number, choice: ImportDecision) =>
      setDecisions((current) => ({
        ...current,
        rows: [...current.rows.filter((r) => r.row !== row), { row, decision: choice }],
      })),
    reset: () => setDecisions({ default: 'skip', rows: [] }),
  };
}

/** What a commit did: "3 created, 1 updated, 2 skipped". */
export function outcomeText(counts: ImportOutcomeCounts) {
  return `${counts.created} created, ${counts.updated} updated, ${counts.skippedExisting} skipped`;
}

interface ExistingRowsProps {
  rows: ExistingRow[];
  /** How many rows match in all (the list may be cut short). */
  total: number;
  decisions: ImportDecisions;
  onDefault: (choice: ImportDecision) => void;
  onRow: (row: number, choice: ImportDecision) => void;
  /** The choices this importer offers (people and usage cannot create a second copy). */
  choices?: ImportDecision[];
  rowWord?: string;
}

/** Rows that match a record already stored, each with its choice, and one choice for all of them. */
export function ExistingRows({
  rows,
  total,
  decisions,
  onDefault,
  onRow,
  choices = ['skip', 'update', 'create'],
  rowWord = 'row',
}: ExistingRowsProps) {
  if (total === 0) return null;
  const chosen = new Map(decisions.rows.map((d) => [d.row, d.decision]));
  const options = (allowed: ImportDecision[]) =>
    allowed.map((choice) => (
      <option key={choice} value={choice}>
        {DECISION_LABELS[choice]}
      </option>
    ));
  return (
    <section aria-label="Already in Stackwise" className="grid gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex items-center gap-1.5 text-sm font-semibold">
          <Copy className="size-4" aria-hidden /> {total} {total === 1 ? rowWord : `${rowWord}s`} already in
          Stackwise or repeated in the file
        </h3>
        <label className="flex items-center gap-2 text-xs">
          For all matched rows
          <NativeSelect
            aria-label="For all matched rows"
            className="h-8 w-40 text-xs"
            value={decisions.default}
            onChange={(event) => onDefault(event.target.value as ImportDecision)}
          >
            {options(choices)}
          </NativeSelect>
        </label>
      </div>
      <ul className="grid max-h-56 gap-1 overflow-y-auto text-xs">
        {rows.map((row) => (
          <li key={row.row} className="flex items-center justify-between gap-2">
            <span>
              <span className="font-medium">
                {rowWord === 'line' ? 'Line' : 'Row'} {row.row} · {row.title}
              </span>{' '}
              <span className="text-muted-foreground">— {matchText(row, rowWord)}</span>
            </span>
            <NativeSelect
              aria-label={`Choice for ${rowWord} ${row.row}`}
              className="h-7 w-36 text-xs"
              value={valueFor(row, chosen.get(row.row) ?? decisions.default)}
              onChange={(event) => onRow(row.row, event.target.value as ImportDecision)}
            >
              {/* Nothing stored yet to update for a repeat of an earlier row. */}
              {options(row.existing ? choices : choices.filter((c) => c !== 'update'))}
            </NativeSelect>
          </li>
        ))}
      </ul>
      {total > rows.length && (
        <p className="text-xs text-muted-foreground">
          The first {rows.length} are listed; the others follow the choice for all.
        </p>
      )}
    </section>
  );
}
