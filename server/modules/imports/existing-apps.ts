// Which import rows are applications the organization already has: the same catalogue app, or the
// same name and vendor (case, spacing, punctuation and accents ignored).
import { normalizeText } from '../../../common/catalog/normalize';
import type { DbOrTx } from '../../db/client';
import { matchRows, type MatchKey, type RowMatch } from '../../lib/tabular/existing';
import { importMatchTargets } from '../subscriptions/subscriptions.repo';
import type { ValidatedRow } from './rows';

export type MatchedImportRow = ValidatedRow & RowMatch;

function keysOf(app: { catalogSlug: string | null; name: string; vendor: string | null }): MatchKey[] {
  const keys: MatchKey[] = [];
  if (app.catalogSlug) keys.push({ matchedBy: 'catalog', key: app.catalogSlug });
  keys.push({
    matchedBy: 'name_vendor',
    key: `${normalizeText(app.name)}|${normalizeText(app.vendor ?? '')}`,
  });
  return keys;
}

/** The rows with what each matches; another organization's applications never do. */
export async function matchExistingApps(
  db: DbOrTx,
  orgId: string,
  rows: ValidatedRow[],
): Promise<MatchedImportRow[]> {
  const stored = (await importMatchTargets(db, orgId)).map((s) => ({
    id: s.id,
    label: s.name,
    keys: keysOf({ catalogSlug: s.catalogSlug, name: s.name, vendor: s.vendorName }),
  }));
  const matches = matchRows(
    stored,
    rows.map((r) => ({ row: r.row, keys: r.candidate ? keysOf(r.candidate) : [] })),
  );
  return rows.map((r, i) => ({ ...r, ...matches[i] }));
}
