// Spend by vendor: what each vendor was paid over the period against the period of equal length
// before it.
import { previousRange } from '../../../../common/analytics-range';
import { percentOf, totalsOf, type ReportBuilder } from './report-builder';
import { spendBy, stackedSpendChart, unconvertedSpendNote } from './spend-figures';

export const spendByVendor: ReportBuilder = async (deps, ctx, range) => {
  const before = previousRange(range);
  const [spend, previous] = await Promise.all([
    spendBy(deps, ctx, range, 'vendor'),
    spendBy(deps, ctx, before, 'vendor', 1000),
  ]);
  const previousOf = new Map(previous.series.map((s) => [s.key, s.totalMinor]));
  const total = spend.totals.actualMinor;
  const table = {
    id: 'vendors',
    title: 'Vendors',
    type: 'table' as const,
    columns: [
      { key: 'vendor', label: 'Vendor', format: 'text' as const },
      { key: 'actual', label: 'Paid in period', format: 'money' as const },
      { key: 'previous', label: 'Period before', format: 'money' as const },
      { key: 'change', label: 'Change', format: 'money' as const },
      { key: 'changePercent', label: 'Change %', format: 'percent' as const },
      { key: 'share', label: 'Share of spend', format: 'percent' as const },
    ],
    rows: spend.series.map((s) => {
      const prior = s.key === 'other' ? null : (previousOf.get(s.key) ?? 0);
      return {
        vendor: s.label,
        actual: s.totalMinor,
        previous: prior,
        change: prior === null ? null : s.totalMinor - prior,
        changePercent:
          prior === null || prior === 0 ? null : percentOf(s.totalMinor - prior, Math.abs(prior)),
        share: percentOf(s.totalMinor, total),
      };
    }),
    empty: 'No spend recorded in this period.',
  };
  const previousTotal = previous.totals.actualMinor;
  return [
    {
      id: 'summary',
      title: '',
      type: 'kpis',
      items: [
        {
          label: 'Paid to vendors',
          value: total,
          format: 'money',
          hint:
            previousTotal === 0
              ? unconvertedSpendNote(spend)
              : `${total >= previousTotal ? '+' : ''}${percentOf(total - previousTotal, previousTotal)} % on the period before`,
          tone: previousTotal === 0 ? 'neutral' : total > previousTotal ? 'bad' : 'good',
        },
        { label: 'Period before', value: previousTotal, format: 'money' },
        {
          label: 'Vendors paid',
          value: spend.series.filter((s) => s.totalMinor !== 0 && s.key !== 'other').length,
          format: 'number',
        },
      ],
    },
    stackedSpendChart('trend', 'Spend by vendor and month', spend),
    {
      ...table,
      totals: { ...totalsOf(table, ['actual', 'previous', 'change']), share: total === 0 ? null : 100 },
    },
  ];
};
