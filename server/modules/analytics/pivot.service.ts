// Pivot (Scale): actual spend of a range as a table of one dimension against another, the largest
// rows and columns kept (the rest summed into "Other").
import type { z } from 'zod';
import type { AnalyticsPivotResponse, analyticsPivotQuery } from '../../../common/contracts/analytics';
import type { RequestContext, ServiceDeps } from '../../types';
import { drillFor, labelsFor, otherDrillFor } from './labels.repo';
import { requireAdvanced, resolveRange, scopeOf } from './range';
import { actualSpend, unconvertedSpend } from './spend.repo';

export type PivotQuery = z.output<typeof analyticsPivotQuery>;
const OTHER_KEY = 'other';

/** The `top` keys by total, then "other" when any are left out. */
function keptKeys(totals: Map<string, number>, top: number): string[] {
  const ranked = [...totals].sort(([ka, a], [kb, b]) => b - a || ka.localeCompare(kb)).map(([k]) => k);
  return ranked.length > top ? [...ranked.slice(0, top), OTHER_KEY] : ranked;
}

export async function getPivot(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: PivotQuery,
): Promise<AnalyticsPivotResponse> {
  requireAdvanced(deps, ctx, 'Pivot tables need the Scale plan.');
  const range = resolveRange(deps, ctx, query);
  const scope = await scopeOf(deps, ctx, range, query);
  // By month, as Analytics sums spend (each month rounded once), so the pivot totals Analytics to the cent.
  const [rows, unconverted] = await Promise.all([
    actualSpend(deps.db, scope, [query.rows, query.columns], true),
    unconvertedSpend(deps.db, scope),
  ]);
  const rowTotals = new Map<string, number>();
  const columnTotals = new Map<string, number>();
  for (const r of rows) {
    rowTotals.set(r.keys[0]!, (rowTotals.get(r.keys[0]!) ?? 0) + r.amountMinor);
    columnTotals.set(r.keys[1]!, (columnTotals.get(r.keys[1]!) ?? 0) + r.amountMinor);
  }
  const rowKeys = keptKeys(rowTotals, query.top);
  const columnKeys = keptKeys(columnTotals, query.top);
  const rowAt = new Map(rowKeys.map((k, i) => [k, i]));
  const columnAt = new Map(columnKeys.map((k, i) => [k, i]));
  const cells = rowKeys.map(() => columnKeys.map(() => 0));
  for (const r of rows) {
    const i = rowAt.get(r.keys[0]!) ?? rowAt.get(OTHER_KEY)!;
    const j = columnAt.get(r.keys[1]!) ?? columnAt.get(OTHER_KEY)!;
    cells[i]![j]! += r.amountMinor;
  }
  const [rowLabels, columnLabels] = await Promise.all([
    labelsFor(
      deps.db,
      ctx.orgId,
      query.rows,
      rowKeys.filter((k) => k !== OTHER_KEY),
    ),
    labelsFor(
      deps.db,
      ctx.orgId,
      query.columns,
      columnKeys.filter((k) => k !== OTHER_KEY),
    ),
  ]);
  const header = (dim: PivotQuery['rows'], labels: Map<string, string>, keys: string[]) => (key: string) => ({
    key,
    label: key === OTHER_KEY ? 'Other' : labels.get(key)!,
    drill:
      key === OTHER_KEY
        ? otherDrillFor(
            dim,
            keys.filter((k) => k !== OTHER_KEY),
          )
        : drillFor(dim, key),
  });
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const rowSums = cells.map(sum);
  return {
    currency: ctx.org.currency,
    from: range.from,
    to: range.to,
    rows: rowKeys.map(header(query.rows, rowLabels, rowKeys)),
    columns: columnKeys.map(header(query.columns, columnLabels, columnKeys)),
    cells,
    rowTotals: rowSums,
    columnTotals: columnKeys.map((_, j) => sum(cells.map((row) => row[j]!))),
    totalMinor: sum(rowSums),
    unconverted,
  };
}
