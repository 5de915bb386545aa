import { BarChart3 } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { fromMinor, minorUnitDigits } from '@common/money';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { formatMoneyMinor } from '@/lib/format';
import { useMonthlySpend } from '../api/get-monthly-spend';
import { ChartCard, ChartFrame } from '@/components/charts/chart-frame';
import { axisStyle, monthLabel, SERIES_COLORS, tooltipStyle, legendStyle } from '@/components/charts/chart-style';

const TOP_CATEGORIES = 6;

/**
 * Monthly spend stacked by category (the six largest, then "Other") over "last 12 months" (the 12
 * whole months before this one, named on the card): every charge converted into the organization's
 * currency at its date, as Analytics and the reports count it; charges with no rate said apart.
 */
export function SpendChart() {
  const { data, isPending, error } = useMonthlySpend();
  if (isPending) return <Spinner />;
  if (error || !data) return null;
  const totals = new Map<string, number>();
  for (const month of data.months) for (const c of month.byCategory) totals.set(c.name, (totals.get(c.name) ?? 0) + c.amountMinor);
  const top = [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP_CATEGORIES).map(([name]) => name);
  const hasOther = totals.size > top.length;
  const rows = data.months.map((m) => {
    const row: Record<string, number | string> = { month: monthLabel(m.month) };
    for (const c of m.byCategory) {
      const key = top.includes(c.name) ? c.name : 'Other';
      row[key] = Number(row[key] ?? 0) + fromMinor(c.amountMinor, data.currency);
    }
    return row;
  });
  const series = [...top, ...(hasOther ? ['Other'] : [])];
  const total = data.months.reduce((n, m) => n + m.totalMinor, 0);
  const scale = 10 ** minorUnitDigits(data.currency);
  const money = (value: number) => formatMoneyMinor(Math.round(value * scale), data.currency, { compact: true });

  return (
    <ChartCard
      title="Monthly spend by category"
      descriptionTestId="spend-chart-window"
      description={
        <>
          {formatMoneyMinor(total, data.currency)} in the last 12 months ({data.label}), every charge converted into{' '}
          {data.currency} at its date.
          {data.unconverted.length > 0 && (
            <>
              {' '}
              Not included, for want of an exchange rate:{' '}
              {data.unconverted
                .map((u) => `${formatMoneyMinor(u.amountMinor, u.currency)} (${u.count} charge${u.count === 1 ? '' : 's'})`)
                .join(', ')}
              .
            </>
          )}
        </>
      }
    >
      {total === 0 ? (
        <EmptyState icon={BarChart3} title="No spend yet" description="Import a statement or add an expense to see spend by month." />
      ) : (
        <ChartFrame data-testid="spend-chart">
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} vertical={false} />
            <XAxis dataKey="month" {...axisStyle} />
            <YAxis tickFormatter={money} width={64} {...axisStyle} />
            <Tooltip formatter={(v, name) => [money(Number(v)), name]} cursor={{ fill: 'currentColor', fillOpacity: 0.06 }} {...tooltipStyle} />
            <Legend {...legendStyle} />
            {series.map((name, i) => (
              <Bar key={name} dataKey={name} stackId="spend" fill={SERIES_COLORS[i % SERIES_COLORS.length]} />
            ))}
          </BarChart>
        </ChartFrame>
      )}
    </ChartCard>
  );
}
