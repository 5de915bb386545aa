// Renewals calendar: every application renewing in the period, with its cost, notice period,
// cancel-by date and auto-renewal; amounts in the organization's currency at today's rates.
import type { ReportSection } from '../../../../common/contracts/reports';
import { formatReportDate } from '../../../../common/report-format';
import { formatProseMonth } from '../../../../common/wording';
import type { RequestContext, ServiceDeps } from '../../../types';
import { renewalsDueBetween } from '../../renewals';
import type { ReportRange } from '../report-range';
import { totalsOf, unconvertedNote, type ReportBuilder } from './report-builder';

/**
 * The renewals from `from` to `to` (the executive summary shows the next 90 days with it): the
 * renewals module's `renewalsDueBetween`, the one the Renewals page's totals use, so the count and
 * the amount due agree with that page.
 */
export async function renewalsBetween(deps: ServiceDeps, ctx: RequestContext, range: ReportRange) {
  const figures = await renewalsDueBetween(deps, ctx, range);
  const { today } = figures;
  const rows = figures.rows.map((r) => r.item);
  const missing = figures.unconverted;
  const table: Extract<ReportSection, { type: 'table' }> = {
    id: 'renewals',
    title: 'Renewals',
    type: 'table',
    columns: [
      { key: 'application', label: 'Application', format: 'text' },
      { key: 'vendor', label: 'Vendor', format: 'text' },
      { key: 'owner', label: 'Owner', format: 'text' },
      { key: 'renewalDate', label: 'Renews on', format: 'date' },
      { key: 'cancelBy', label: 'Cancel by', format: 'date' },
      { key: 'noticeDays', label: 'Notice (days)', format: 'number' },
      { key: 'autoRenew', label: 'Auto-renews', format: 'text' },
      { key: 'cycleCost', label: 'Renewal cost', format: 'money' },
      { key: 'due', label: 'Due in period', format: 'money' },
      { key: 'annualCost', label: 'Yearly cost', format: 'money' },
      { key: 'status', label: 'Decision', format: 'text' },
    ],
    rows: figures.rows.map(({ item: r, converted }) => ({
      application: r.name,
      vendor: r.vendorName,
      owner: r.ownerName,
      renewalDate: r.renewalDate,
      cancelBy: r.cancelByDate,
      noticeDays: r.noticePeriodDays,
      autoRenew: r.autoRenew ? 'Yes' : 'No',
      cycleCost: converted.cycleCostMinor,
      due: converted.dueMinor,
      annualCost: converted.annualCostMinor,
      status: r.status.replace(/_/g, ' '),
    })),
    empty: 'No renewals in this period.',
  };
  table.totals = totalsOf(table, ['cycleCost', 'due', 'annualCost']);
  return { rows, table, missing, today, figures };
}

export const renewalsCalendar: ReportBuilder = async (deps, ctx, range) => {
  const { rows, table, missing, today, figures } = await renewalsBetween(deps, ctx, range);
  const cancelSoon = rows.filter((r) => r.daysToCancelBy >= 0 && r.daysToCancelBy <= 30);
  const byMonth = new Map<string, number>();
  table.rows.forEach((row) => {
    const month = String(row.renewalDate).slice(0, 7);
    byMonth.set(month, (byMonth.get(month) ?? 0) + (Number(row.cycleCost) || 0));
  });
  const months = [...byMonth.keys()].sort();
  return [
    {
      id: 'summary',
      title: '',
      type: 'kpis',
      items: [
        { label: 'Renewals', value: rows.length, format: 'number' },
        {
          label: 'Due in this period',
          value: figures.dueMinor,
          format: 'money',
          hint: unconvertedNote(missing),
        },
        {
          label: 'Cancel-by dates in the next 30 days',
          value: cancelSoon.length,
          format: 'number',
          tone: cancelSoon.length > 0 ? 'bad' : 'good',
          hint: cancelSoon[0]
            ? `First: ${cancelSoon[0].name}, ${formatReportDate(cancelSoon[0].cancelByDate)}`
            : null,
        },
        { label: 'Auto-renewing', value: rows.filter((r) => r.autoRenew).length, format: 'number' },
        {
          label: 'Still undecided',
          value: rows.filter(
            (r) => r.status === 'upcoming' || r.status === 'reviewing' || r.status === 'overdue',
          ).length,
          format: 'number',
        },
        { label: 'As of', value: today, format: 'date' },
      ],
    },
    {
      id: 'by-month',
      title: 'Renewal cost by month',
      type: 'chart',
      chart: 'bar',
      categories: months.map((m) => formatProseMonth(`${m}-01`)),
      series: [{ name: 'Renewal cost', values: months.map((m) => byMonth.get(m) ?? 0) }],
      format: 'money',
    },
    table,
  ];
};
