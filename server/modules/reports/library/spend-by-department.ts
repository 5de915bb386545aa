// Spend by department: actual spend per department month by month, with committed spend and each
// department's share, and the organization's cost per employee.
import { percentOf, totalsOf, type ReportBuilder } from './report-builder';
import { spendBy, stackedSpendChart, unconvertedSpendNote } from './spend-figures';

export const spendByDepartment: ReportBuilder = async (deps, ctx, range) => {
  const spend = await spendBy(deps, ctx, range, 'department');
  const total = spend.totals.actualMinor;
  const table = {
    id: 'departments',
    title: 'Departments',
    type: 'table' as const,
    columns: [
      { key: 'department', label: 'Department', format: 'text' as const },
      { key: 'actual', label: 'Actual spend', format: 'money' as const },
      { key: 'committed', label: 'Committed', format: 'money' as const },
      { key: 'share', label: 'Share of spend', format: 'percent' as const },
      { key: 'perMonth', label: 'Average per month', format: 'money' as const },
    ],
    rows: spend.series.map((s) => ({
      department: s.label,
      actual: s.totalMinor,
      committed: s.committed ? s.committed.reduce((a, b) => a + b, 0) : null,
      share: percentOf(s.totalMinor, total),
      perMonth: Math.round(s.totalMinor / Math.max(spend.periods.length, 1)),
    })),
    empty: 'No spend recorded in this period.',
  };
  const totals = totalsOf(table, ['actual', 'committed', 'perMonth']);
  totals!.share = total === 0 ? null : 100;
  const monthly = {
    id: 'monthly',
    title: 'Spend per department and month',
    type: 'table' as const,
    columns: [
      { key: 'department', label: 'Department', format: 'text' as const },
      ...spend.periods.map((p) => ({ key: p.key, label: p.label, format: 'money' as const })),
    ],
    rows: spend.series.map((s) => ({
      department: s.label,
      ...Object.fromEntries(spend.periods.map((p, i) => [p.key, s.actual[i] ?? 0])),
    })),
    empty: 'No spend recorded in this period.',
  };
  return [
    {
      id: 'summary',
      title: '',
      type: 'kpis',
      items: [
        { label: 'Actual spend', value: total, format: 'money', hint: unconvertedSpendNote(spend) },
        {
          label: 'Committed spend',
          value: spend.totals.committedMinor,
          format: 'money',
          hint: 'Applications’ cost over the period',
        },
        {
          label: 'Departments',
          value: spend.series.filter((s) => s.key !== '' && s.key !== 'other').length,
          format: 'number',
        },
        {
          label: 'Cost per employee',
          value: spend.totals.costPerEmployeeMinor,
          format: 'money',
          hint: spend.totals.employees
            ? `${spend.totals.employees} active people`
            : 'No people directory yet',
        },
      ],
    },
    stackedSpendChart('trend', 'Spend by month', spend),
    { ...table, totals },
    {
      ...monthly,
      totals: totalsOf(
        monthly,
        spend.periods.map((p) => p.key),
      ),
    },
  ];
};
