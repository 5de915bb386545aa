// Flags import rows that match a stored record or an earlier row of the same file. Each importer
// gives only its keys (e.g. catalogue app, name + vendor, e-mail); the lookup and the in-file
// check are the same for all.
import type {
  ExistingMatch,
  ExistingMatchKind,
  ImportDecisions,
} from '../../../common/contracts/import-existing';
import { unknownDecisionRows } from '../../../common/import-decisions';
import { invalidFields } from '../../errors';

export interface MatchKey {
  matchedBy: ExistingMatchKind;
  /** Compared exactly: normalise before (lower case, accents, spacing). */
  key: string;
  /** Only against stored records, not between rows of the file (a loose key, e.g. a missing vendor). */
  storedOnly?: boolean;
}

export interface StoredRecord {
  id: string;
  label: string;
  keys: MatchKey[];
}

export interface RowMatch {
  existing: ExistingMatch | null;
  duplicateOfRow: number | null;
}

const slot = (k: MatchKey) => `${k.matchedBy}\u0000${k.key}`;

/**
 * For each row (its number and keys, in file order), the first stored record sharing a key — keys
 * are tried in the order given, so the strongest comes first — and otherwise the earlier row of the
 * file it repeats. Rows without keys (invalid ones) match nothing.
 */
export function matchRows(
  stored: StoredRecord[],
  rows: Array<{ row: number; keys: MatchKey[] }>,
): RowMatch[] {
  const index = new Map<string, StoredRecord>();
  for (const record of stored) {
    for (const key of record.keys) if (!index.has(slot(key))) index.set(slot(key), record);
  }
  const seen = new Map<string, number>();
  return rows.map(({ row, keys }) => {
    let existing: ExistingMatch | null = null;
    let duplicateOfRow: number | null = null;
    const slots = keys.map(slot);
    for (let k = 0; k < keys.length && index.size > 0; k += 1) {
      const record = index.get(slots[k]);
      if (record) {
        existing = { id: record.id, label: record.label, matchedBy: keys[k].matchedBy };
        break;
      }
    }
    for (let k = 0; k < keys.length && !existing && duplicateOfRow === null; k += 1) {
      if (!keys[k].storedOnly) duplicateOfRow = seen.get(slots[k]) ?? null;
    }
    for (let k = 0; k < keys.length; k += 1) {
      if (!keys[k].storedOnly && !seen.has(slots[k])) seen.set(slots[k], row);
    }
    return { existing, duplicateOfRow };
  });
}

/** A 400 (nothing stored) when the choices name rows the file does not have. */
export function assertKnownDecisionRows(rowNumbers: Iterable<number>, decisions: ImportDecisions) {
  const unknown = unknownDecisionRows(rowNumbers, decisions);
  if (unknown.length === 0) return;
  throw invalidFields([
    {
      field: 'decisions.rows',
      message: `The file has no row ${unknown.slice(0, 10).join(', ')}; nothing was imported`,
    },
  ]);
}
