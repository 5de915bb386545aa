// Budget vs actual: each budget's amount for the part of its periods inside the report's period
// against what was spent there (analytics), in the organization's currency at the period's end.
import { convertEach } from '../../fx-rates';
import { budgetsOfRange } from '../../analytics';
import { percentOf, todayOf, totalsOf, unconvertedNote, type ReportBuilder } from './report-builder';

const STATUS = { under: 'Under budget', near: 'Near the limit', over: 'Over budget' } as const;

/** The budgets of the range with budget and actual in the organization's currency. */
export async function budgetRows(...[deps, ctx, range]: Parameters<ReportBuilder>) {
  const result = await budgetsOfRange(deps, ctx, range, {});
  const on = range.to < todayOf(deps) ? range.to : todayOf(deps);
  const converted = await convertEach(
    deps.db,
    ctx.orgId,
    result.budgets.flatMap((b) => [
      { currency: b.currency, amountMinor: b.budgetMinor },
      { currency: b.currency, amountMinor: b.actualMinor },
    ]),
    ctx.org.currency,
    on,
  );
  const missing = [
    ...new Set(result.budgets.filter((_, i) => converted[i * 2] === null).map((b) => b.currency)),
  ];
  const rows = result.budgets.map((b, i) => ({
    budget: b.name,
    scope: b.scope,
    budgetAmount: converted[i * 2] ?? null,
    actual: converted[i * 2 + 1] ?? null,
    remaining:
      converted[i * 2] === null || converted[i * 2 + 1] === null
        ? null
        : converted[i * 2]! - converted[i * 2 + 1]!,
    used: b.percent,
    status: STATUS[b.status],
  }));
  return { rows, missing, budgets: result.budgets };
}

export const budgetVsActual: ReportBuilder = async (deps, ctx, range) => {
  const { rows, missing, budgets } = await budgetRows(deps, ctx, range);
  const table = {
    id: 'budgets',
    title: 'Budgets',
    type: 'table' as const,
    columns: [
      { key: 'budget', label: 'Budget', format: 'text' as const },
      { key: 'scope', label: 'Scope', format: 'text' as const },
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
          value: budgets.filter((b) => b.status === 'over').length,
          format: 'number',
          tone: budgets.some((b) => b.status === 'over') ? 'bad' : 'good',
        },
        {
          label: 'Near the limit',
          value: budgets.filter((b) => b.status === 'near').length,
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
  ];
};
