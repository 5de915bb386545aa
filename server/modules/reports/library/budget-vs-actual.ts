// Budget vs actual: each budget in its own current period (the month, fiscal quarter or fiscal year
// containing today — what the Budgets page and the alerts show, from the budgets module's one
// function), its amount and actual spend in the organization's currency at today's rate. The table
// names each budget's period: it is not the report's range.
import { BUDGET_STATE_LABELS } from '../../../../common/budget-state';
import { formatPeriod } from '../../../../common/report-format';
import { convertEach } from '../../fx-rates';
import { listBudgets } from '../../budgets';
import { percentOf, todayOf, totalsOf, unconvertedNote, type ReportBuilder } from './report-builder';

const SCOPE_NAMES = {
  organization: 'Whole organization',
  category: 'Category',
  department: 'Department',
  application: 'Application',
  entity: 'Entity',
  brand: 'Brand',
} as const;

/** Every budget in its own current period, with budget and actual in the organization's currency. */
export async function budgetRows(...[deps, ctx]: Parameters<ReportBuilder>) {
  const budgets = await listBudgets(deps, ctx);
  const converted = await convertEach(
    deps.db,
    ctx.orgId,
    budgets.flatMap((b) => [
      { currency: b.currency, amountMinor: b.amountMinor },
      { currency: b.currency, amountMinor: b.status.actualMinor },
    ]),
    ctx.org.currency,
    todayOf(deps),
  );
  const missing = [...new Set(budgets.filter((_, i) => converted[i * 2] === null).map((b) => b.currency))];
  const rows = budgets.map((b, i) => ({
    budget: b.name,
    scope:
      b.scope === 'organization'
        ? SCOPE_NAMES.organization
        : `${SCOPE_NAMES[b.scope]}: ${b.scopeLabel ?? 'Unknown'}`,
    period: formatPeriod(b.status.periodStart, b.status.periodEnd),
    budgetAmount: converted[i * 2] ?? null,
    actual: converted[i * 2 + 1] ?? null,
    remaining:
      converted[i * 2] === null || converted[i * 2 + 1] === null
        ? null
        : converted[i * 2]! - converted[i * 2 + 1]!,
    used: b.status.actualPercent,
    status: BUDGET_STATE_LABELS[b.status.state],
  }));
  return { rows, missing, budgets };
}

/** The note saying which period a budget table covers. */
export const BUDGET_PERIOD_NOTE =
  "Each budget in its own current period (this month, fiscal quarter or fiscal year, to today), as on the Budgets page — not the report's period.";

export const budgetVsActual: ReportBuilder = async (deps, ctx, range) => {
  const { rows, missing, budgets } = await budgetRows(deps, ctx, range);
  const over = budgets.filter((b) => b.status.state === 'over').length;
  const table = {
    id: 'budgets',
    title: 'Budgets',
    type: 'table' as const,
    columns: [
      { key: 'budget', label: 'Budget', format: 'text' as const },
      { key: 'scope', label: 'Scope', format: 'text' as const },
      { key: 'period', label: 'Period', format: 'text' as const },
      { key: 'budgetAmount', label: 'Budget amount', format: 'money' as const },
      { key: 'actual', label: 'Actual', format: 'money' as const },
      { key: 'remaining', label: 'Remaining', format: 'money' as const },
      { key: 'used', label: 'Used', format: 'percent' as const },
      { key: 'status', label: 'Status', format: 'text' as const },
    ],
    rows,
    empty: 'No budgets yet: set one in Budgets to follow spend against it.',
  };
  const totals = totalsOf(table, ['budgetAmount', 'actual', 'remaining']);
  totals!.used = percentOf(Number(totals!.actual), Number(totals!.budgetAmount));
  return [
    {
      id: 'summary',
      title: '',
      type: 'kpis',
      items: [
        {
          label: 'Budgeted',
          value: Number(totals!.budgetAmount),
          format: 'money',
          hint: unconvertedNote(missing),
        },
        { label: 'Spent', value: Number(totals!.actual), format: 'money' },
        { label: 'Used', value: totals!.used ?? null, format: 'percent' },
        {
          label: 'Budgets over',
          value: over,
          format: 'number',
          tone: over > 0 ? 'bad' : 'good',
        },
        {
          label: BUDGET_STATE_LABELS['at-risk'],
          value: budgets.filter((b) => b.status.state === 'at-risk').length,
          format: 'number',
        },
      ],
    },
    {
      id: 'chart',
      title: 'Budget and actual',
      type: 'chart',
      chart: 'bar',
      categories: rows.map((r) => r.budget),
      series: [
        { name: 'Budget', values: rows.map((r) => r.budgetAmount) },
        { name: 'Actual', values: rows.map((r) => r.actual) },
      ],
      format: 'money',
    },
    { ...table, totals },
    { id: 'budget-period', title: 'Period', type: 'text', paragraphs: [BUDGET_PERIOD_NOTE] },
  ];
};
