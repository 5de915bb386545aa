// Executive summary: the CFO report. Total spend and its trend, the forecast, top applications,
// savings, renewals in the next 90 days with cancel-by dates, budgets, license utilisation, risks.
import { formatMonthRange, previousRange } from '../../../../common/analytics-range';
import type { ReportSection } from '../../../../common/contracts/reports';
import { formatAmount } from '../../../../common/money';
import { formatReportDate } from '../../../../common/report-format';
import { renewalWindow } from '../../../../common/renewal-window';
import { formatProseMonth } from '../../../../common/wording';
import { getForecast } from '../../analytics';
import { discoverRecurring, isShadowIt } from '../../expenses';
import { licensesOverview, unusedSeatCost } from '../../licenses';
import { budgetRows } from './budget-vs-actual';
import { renewalsBetween } from './renewals-calendar';
import { percentOf, todayOf, type ReportBuilder } from './report-builder';
import { savingsInPeriod } from './savings-realised';
import { spendBy, unconvertedSpendNote } from './spend-figures';
import { plural, pluralWord } from '../../../../common/wording';

type Table = Extract<ReportSection, { type: 'table' }>;

export const executiveSummary: ReportBuilder = async (deps, ctx, range) => {
  const today = todayOf(deps);
  const [spend, previous, apps, forecast, savings, renewals, budgets, licenses, shadow, waste] =
    await Promise.all([
      spendBy(deps, ctx, range, 'none'),
      // The period before: its total actual spend is all this report reads.
      spendBy(deps, ctx, previousRange(range), 'none', 100, { actualOnly: true }),
      spendBy(deps, ctx, range, 'application', 10),
      getForecast(deps, ctx, { months: 12 }),
      savingsInPeriod(deps, ctx, range),
      renewalsBetween(deps, ctx, renewalWindow(today, 90)),
      budgetRows(deps, ctx, range),
      licensesOverview(deps, ctx),
      discoverRecurring(deps.db, ctx.orgId, today).then((found) => found.filter(isShadowIt)),
      // 12 × the monthly unused-seat cost product analytics shows, every currency converted (issue 31).
      unusedSeatCost(deps, ctx),
    ]);
  const currency = ctx.org.currency;
  const total = spend.totals.actualMinor;
  const before = previous.totals.actualMinor;
  const change = before === 0 ? null : percentOf(total - before, before);
  const utilisation = percentOf(
    licenses.totals.active,
    licenses.totals.purchased ?? licenses.totals.assigned,
  );
  const overBudget = budgets.rows.filter((b) => b.status === 'Over budget');
  const cancelSoon = renewals.rows.filter((r) => r.daysToCancelBy >= 0 && r.daysToCancelBy <= 30);
  const wasteYearly = waste.yearlyMinor;

  const topApps: Table = {
    id: 'top-applications',
    title: 'Top applications by spend',
    type: 'table',
    columns: [
      { key: 'application', label: 'Application', format: 'text' },
      { key: 'actual', label: 'Spend in period', format: 'money' },
      { key: 'share', label: 'Share of spend', format: 'percent' },
    ],
    rows: apps.series.map((s) => ({
      application: s.label,
      actual: s.totalMinor,
      share: percentOf(s.totalMinor, total),
    })),
    totals: { application: 'Total', actual: apps.totals.actualMinor, share: total === 0 ? null : 100 },
    empty: 'No spend recorded in this period.',
  };
  const renewalsTable: Table = {
    ...renewals.table,
    id: 'renewals',
    title: 'Renewals in the next 90 days',
    columns: renewals.table.columns
      .filter((c) => ['application', 'renewalDate', 'cancelBy', 'autoRenew', 'due', 'status'].includes(c.key))
      .map((c) => (c.key === 'due' ? { ...c, label: 'Due in the next 90 days' } : c)),
  };
  const budgetTable: Table = {
    id: 'budgets',
    title: 'Budget status (each budget in its own current period, as on the Budgets page)',
    type: 'table',
    columns: [
      { key: 'budget', label: 'Budget', format: 'text' },
      { key: 'period', label: 'Period', format: 'text' },
      { key: 'budgetAmount', label: 'Budget amount', format: 'money' },
      { key: 'actual', label: 'Actual', format: 'money' },
      { key: 'used', label: 'Used', format: 'percent' },
      { key: 'status', label: 'Status', format: 'text' },
    ],
    rows: budgets.rows,
    empty: 'No budgets set.',
  };

  const risks: string[] = [];
  if (cancelSoon.length > 0) {
    risks.push(
      `${plural(cancelSoon.length, 'renewal')} must be cancelled within 30 days if not wanted: ${cancelSoon
        .slice(0, 5)
        .map((r) => `${r.name} (by ${formatReportDate(r.cancelByDate)})`)
        .join(', ')}.`,
    );
  }
  if (overBudget.length > 0)
    risks.push(
      `${overBudget.length} budget${overBudget.length === 1 ? ' is' : 's are'} over: ${overBudget.map((b) => b.budget).join(', ')}.`,
    );
  if (wasteYearly > 0) risks.push(`Unused license seats cost ${formatAmount(wasteYearly, currency)} a year.`);
  if (shadow.length > 0)
    risks.push(
      `${shadow.length} recurring ${pluralWord(shadow.length, 'charge')} ${pluralWord(shadow.length, 'matches', 'match')} no application (shadow IT).`,
    );
  const unconverted = unconvertedSpendNote(spend);
  if (unconverted) risks.push(unconverted);

  return [
    {
      id: 'headline',
      title: '',
      type: 'kpis',
      items: [
        {
          label: 'Total spend',
          value: total,
          format: 'money',
          hint: change === null ? null : `${change >= 0 ? '+' : ''}${change} % on the period before`,
          tone: change === null ? 'neutral' : change > 0 ? 'bad' : 'good',
        },
        {
          label: 'Forecast, next 12 months',
          value: forecast.totalMinor,
          format: 'money',
          hint: `${formatMonthRange(forecast)}, this month included: spent so far + committed renewals + trend`,
        },
        {
          label: 'Savings realised',
          value: savings.totals.realizedFiscalYearMinor,
          format: 'money',
          tone: 'good',
        },
        { label: 'Savings identified (open)', value: savings.totals.identifiedMinor, format: 'money' },
        {
          label: 'Renewals next 90 days',
          value: renewals.figures.count,
          format: 'number',
          // The Renewals page's "Next 90 days" tile: the same function (renewalsDueBetween).
          hint: `${formatAmount(renewals.figures.dueMinor, currency)} due in those days`,
        },
        {
          label: 'License utilisation',
          value: utilisation,
          format: 'percent',
          hint: 'Active seats per seat paid for',
        },
      ],
    },
    {
      id: 'trend',
      title: 'Spend by month: actual and committed',
      type: 'chart',
      chart: 'bar',
      categories: spend.periods.map((p) => p.label),
      series: [
        { name: 'Actual', values: spend.series[0]?.actual ?? spend.periods.map(() => 0) },
        { name: 'Committed', values: spend.series[0]?.committed ?? spend.periods.map(() => 0) },
      ],
      format: 'money',
    },
    {
      id: 'forecast',
      title: `Forecast, next 12 months (${formatMonthRange(forecast)})`,
      type: 'chart',
      chart: 'stacked-bar',
      categories: forecast.months.map((m) => formatProseMonth(`${m.month}-01`)),
      series: [
        { name: 'Spent so far', values: forecast.months.map((m) => m.actualMinor) },
        { name: 'Committed', values: forecast.months.map((m) => m.committedMinor) },
        { name: 'Trend', values: forecast.months.map((m) => m.trendMinor) },
      ],
      format: 'money',
    },
    { id: 'forecast-method', title: 'How the forecast is made', type: 'text', paragraphs: [forecast.method] },
    topApps,
    renewalsTable,
    budgetTable,
    {
      id: 'risks',
      title: 'Risks',
      type: 'text',
      paragraphs: risks.length > 0 ? risks : ['No risks flagged for this period.'],
    },
  ];
};
