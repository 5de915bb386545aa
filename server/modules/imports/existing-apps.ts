// Which import rows are applications the organization already has: the same catalogue app, or the
// same name and vendor (case, spacing, punctuation and accents ignored).
import { normalizeText } from '../../../common/catalog/normalize';
import type { DbOrTx } from '../../db/client';
import { matchRows, type MatchKey, type RowMatch } from '../../lib/tabular/existing';
import { importMatchTargets } from '../subscriptions';
import type { ValidatedRow } from './rows';

export type MatchedImportRow = ValidatedRow & RowMatch;

type App = { catalogSlug: string | null; name: string; vendor: string | null };

/** Catalogue app, then name + vendor; an application without a vendor matches on its name alone. */
function keysOf(app: App, side: 'stored' | 'row'): MatchKey[] {
  const keys: MatchKey[] = [];
  if (app.catalogSlug) keys.push({ matchedBy: 'catalog', key: app.catalogSlug });
  const name = normalizeText(app.name);
  const vendor = normalizeText(app.vendor ?? '');
  keys.push({ matchedBy: 'name_vendor', key: `${name}|${vendor}` });
  // Stored without a vendor ("name|") or a row without one ("name|*"): the name decides.
  if (side === 'stored') keys.push({ matchedBy: 'name_vendor', key: `${name}|*` });
  else keys.push({ matchedBy: 'name_vendor', key: vendor ? `${name}|` : `${name}|*`, storedOnly: true });
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
    keys: keysOf({ catalogSlug: s.catalogSlug, name: s.name, vendor: s.vendorName }, 'stored'),
  }));
  const matches = matchRows(
    stored,
    rows.map((r) => ({ row: r.row, keys: r.candidate ? keysOf(r.candidate, 'row') : [] })),
  );
  return rows.map((r, i) => ({ ...r, ...matches[i] }));
}
