// Duplicate detection for imports: the same date, amount, currency and merchant as an expense
// already stored, or as an earlier row of the same file. Bank transaction ids (OFX FITID) decide
// when both sides have one: two different ids are two real charges. The answer is the shape every
// importer uses (`existing`, `duplicateOfRow`).
import type { ExistingMatch } from '../../../common/contracts/import-existing';
import type { DbOrTx } from '../../db/client';
import { fingerprintsBetween } from './expenses.repo';

interface Candidate {
  row: { line: number; date: string; amountMinor: number; currency: string; externalId: string | null };
  values: { merchantKey?: string };
  existing: ExistingMatch | null;
  duplicateOfRow: number | null;
}

interface Known {
  externalId: string | null;
  /** The stored expense, or null for an earlier row of the file. */
  match: ExistingMatch | null;
  line: number | null;
}

const fingerprint = (date: string, amountMinor: number, currency: string, merchantKey: string) =>
  `${date}|${amountMinor}|${currency}|${merchantKey}`;

/** The first known charge under a fingerprint that is the same as one with `externalId`. */
function sameCharge(known: Known[] | undefined, externalId: string | null): Known | undefined {
  return known?.find((k) => k.externalId === null || externalId === null || k.externalId === externalId);
}

function add(map: Map<string, Known[]>, key: string, known: Known) {
  const list = map.get(key);
  if (list) list.push(known);
  else map.set(key, [known]);
}

/** Marks each candidate as a duplicate of a stored expense, of an earlier row, or not. */
export async function findDuplicates(db: DbOrTx, orgId: string, candidates: Candidate[]): Promise<void> {
  if (candidates.length === 0) return;
  let from = candidates[0].row.date;
  let to = from;
  for (const { row } of candidates) {
    if (row.date < from) from = row.date;
    if (row.date > to) to = row.date;
  }
  const existing = new Map<string, Known[]>();
  for (const e of await fingerprintsBetween(db, orgId, from, to)) {
    add(existing, fingerprint(e.date, e.amountMinor, e.currency, e.merchantKey), {
      externalId: e.externalId,
      match: { id: e.id, label: e.merchant, matchedBy: 'expense' },
      line: null,
    });
  }
  const seen = new Map<string, Known[]>();
  for (const candidate of candidates) {
    const { row } = candidate;
    const key = fingerprint(row.date, row.amountMinor, row.currency, candidate.values.merchantKey ?? '');
    candidate.existing = sameCharge(existing.get(key), row.externalId)?.match ?? null;
    candidate.duplicateOfRow = candidate.existing
      ? null
      : (sameCharge(seen.get(key), row.externalId)?.line ?? null);
    add(seen, key, { externalId: row.externalId, match: null, line: row.line });
  }
}

/** The older one-word flag the statement preview still shows. */
export const duplicateKind = (c: Pick<Candidate, 'existing' | 'duplicateOfRow'>) =>
  c.existing ? ('existing' as const) : c.duplicateOfRow !== null ? ('in-file' as const) : null;
