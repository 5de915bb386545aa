// What every report builder is: the sections of one report for one organization and period.
import type { ReportSection } from '../../../../common/contracts/reports';
import { todayInTimeZone } from '../../../../common/dates';
import type { RequestContext, ServiceDeps } from '../../../types';
import type { ReportRange } from '../report-range';

export type ReportBuilder = (
  deps: ServiceDeps,
  ctx: RequestContext,
  range: ReportRange,
) => Promise<ReportSection[]>;

export const todayOf = (deps: ServiceDeps) => todayInTimeZone(deps.clock.now());

type Table = Extract<ReportSection, { type: 'table' }>;

/** The totals row of `keys` summed over the rows (nulls skipped); `label` in the first column. */
export function totalsOf(
  table: Pick<Table, 'columns' | 'rows'>,
  keys: string[],
  label = 'Total',
): Table['totals'] {
  const totals: Record<string, string | number | null> = { [table.columns[0]!.key]: label };
  for (const key of keys) {
    totals[key] = table.rows.reduce<number>(
      (sum, row) => sum + (typeof row[key] === 'number' ? (row[key] as number) : 0),
      0,
    );
  }
  return totals;
}

/** A percent with one decimal, or null when the base is zero. */
export function percentOf(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 1000) / 10;
}

/** The note under a figure when some amounts had no exchange rate and are left out. */
export function unconvertedNote(currencies: string[]): string | null {
  return currencies.length === 0
    ? null
    : `Amounts in ${currencies.join(', ')} are left out: no exchange rate to convert them.`;
}
