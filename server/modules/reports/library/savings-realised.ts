// Savings realised: what the savings ledger (insights) realised in the period, by month, type, owner
// and department, beside what is identified and still open today.
import { displayName } from '../../../../common/display-name';
import { OPPORTUNITY_TYPE_LABELS } from '../../../../common/contracts/insights';
import type { ReportSection } from '../../../../common/contracts/reports';
import { addDays, addMonths, startOfMonth } from '../../../../common/dates';
import { formatProseMonth } from '../../../../common/wording';
import type { RequestContext, ServiceDeps } from '../../../types';
import {
  ledgerByDepartment,
  ledgerByOwner,
  ledgerByType,
  ledgerTotals,
  realizedByMonth,
  type LedgerWindow,
} from '../../insights';
import type { ReportRange } from '../report-range';
import { todayOf, totalsOf, type ReportBuilder } from './report-builder';

type Table = Extract<ReportSection, { type: 'table' }>;
const at = (date: string) => new Date(`${date}T00:00:00Z`);

/** The ledger with "realised in the period" over [from, to]. */
export async function savingsInPeriod(deps: ServiceDeps, ctx: RequestContext, range: ReportRange) {
  const window: LedgerWindow = {
    today: todayOf(deps),
    fiscalYearFrom: at(range.from),
    fiscalYearTo: at(addDays(range.to, 1)),
  };
  const [totals, byType, byOwner, byDepartment, months] = await Promise.all([
    ledgerTotals(deps.db, ctx.orgId, window),
    ledgerByType(deps.db, ctx.orgId, window),
    ledgerByOwner(deps.db, ctx.orgId, window),
    ledgerByDepartment(deps.db, ctx.orgId, window),
    realizedByMonth(deps.db, ctx.orgId, at(range.from)),
  ]);
  return { totals, byType, byOwner, byDepartment, months };
}

const figureColumns: Table['columns'] = [
  { key: 'realized', label: 'Realised in period', format: 'money' },
  { key: 'identified', label: 'Identified (open)', format: 'money' },
  { key: 'inProgress', label: 'In progress', format: 'money' },
  { key: 'open', label: 'Open opportunities', format: 'number' },
];
const figures = (r: {
  realizedFiscalYearMinor: number;
  identifiedMinor: number;
  inProgressMinor: number;
  count: number;
}) => ({
  realized: r.realizedFiscalYearMinor,
  identified: r.identifiedMinor,
  inProgress: r.inProgressMinor,
  open: r.count,
});

function breakdown(id: string, title: string, label: string, rows: Table['rows']): Table {
  const table: Table = {
    id,
    title,
    type: 'table',
    columns: [{ key: 'name', label, format: 'text' }, ...figureColumns],
    rows,
    empty: 'No savings recorded yet.',
  };
  table.totals = totalsOf(table, ['realized', 'identified', 'inProgress', 'open']);
  return table;
}

export const savingsRealised: ReportBuilder = async (deps, ctx, range) => {
  const { totals, byType, byOwner, byDepartment, months } = await savingsInPeriod(deps, ctx, range);
  const realised = new Map(months.map((m) => [m.month, m.realizedMinor]));
  const monthKeys: string[] = [];
  for (let m = startOfMonth(range.from); m <= range.to; m = addMonths(m, 1)) monthKeys.push(m.slice(0, 7));
  return [
    {
      id: 'summary',
      title: '',
      type: 'kpis',
      items: [
        {
          label: 'Realised in the period',
          value: totals.realizedFiscalYearMinor,
          format: 'money',
          tone: 'good',
        },
        {
          label: 'Identified, still open',
          value: totals.identifiedMinor,
          format: 'money',
          hint: 'Yearly savings',
        },
        { label: 'In progress', value: totals.inProgressMinor, format: 'money' },
        { label: 'Open opportunities', value: totals.count, format: 'number' },
        { label: 'Realised, all time', value: totals.realizedAllTimeMinor, format: 'money' },
      ],
    },
    {
      id: 'by-month',
      title: 'Savings realised by month',
      type: 'chart',
      chart: 'bar',
      categories: monthKeys.map((m) => formatProseMonth(`${m}-01`)),
      series: [{ name: 'Realised', values: monthKeys.map((m) => realised.get(m) ?? 0) }],
      format: 'money',
    },
    breakdown(
      'by-type',
      'By opportunity type',
      'Type',
      byType.map((r) => ({
        name: OPPORTUNITY_TYPE_LABELS[r.type as keyof typeof OPPORTUNITY_TYPE_LABELS] ?? r.type,
        ...figures(r),
      })),
    ),
    breakdown(
      'by-owner',
      'By owner',
      'Owner',
      byOwner.map((r) => ({
        name: displayName(r) || 'No owner',
        ...figures(r),
      })),
    ),
    breakdown(
      'by-department',
      'By department',
      'Department',
      byDepartment.map((r) => ({ name: r.department ?? 'No department', ...figures(r) })),
    ),
  ];
};
