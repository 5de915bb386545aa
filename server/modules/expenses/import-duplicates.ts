// Duplicate detection for imports: the same date, amount, currency and merchant as an expense
// already stored, or as an earlier row of the same file. Bank transaction ids (OFX FITID) decide
// when both sides have one: two different ids are two real charges.
import type { DbOrTx } from '../../db/client';
import { fingerprintsBetween } from './expenses.repo';

interface Candidate {
  row: { date: string; amountMinor: number; currency: string; externalId: string | null };
  values: { merchantKey?: string };
  duplicate: 'existing' | 'in-file' | null;
}

const fingerprint = (date: string, amountMinor: number, currency: string, merchantKey: string) =>
  `${date}|${amountMinor}|${currency}|${merchantKey}`;

/** Whether a charge with `externalId` is the same as one of the known ids under its fingerprint. */
function sameCharge(known: Array<string | null> | undefined, externalId: string | null): boolean {
  return known !== undefined && known.some((id) => id === null || externalId === null || id === externalId);
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
  const existing = new Map<string, Array<string | null>>();
  for (const e of await fingerprintsBetween(db, orgId, from, to)) {
    const key = fingerprint(e.date, e.amountMinor, e.currency, e.merchantKey);
    const list = existing.get(key);
    if (list) list.push(e.externalId);
    else existing.set(key, [e.externalId]);
  }
  const seen = new Map<string, Array<string | null>>();
  for (const candidate of candidates) {
    const { row } = candidate;
    const key = fingerprint(row.date, row.amountMinor, row.currency, candidate.values.merchantKey ?? '');
    const earlier = seen.get(key);
    if (sameCharge(existing.get(key), row.externalId)) candidate.duplicate = 'existing';
    else if (sameCharge(earlier, row.externalId)) candidate.duplicate = 'in-file';
    if (earlier) earlier.push(row.externalId);
    else seen.set(key, [row.externalId]);
  }
}
