import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { Budget } from '@common/contracts/budgets';
import { fromMinor, minorUnitDigits } from '@common/money';
import { Spinner } from '@/components/ui/spinner';
import { formatMoneyMinor } from '@/lib/format';
import { ChartCard, ChartFrame } from '@/components/charts/chart-frame';
import { axisStyle, monthLabel, tooltipStyle, legendStyle } from '@/components/charts/chart-style';
import { useBudgetHistory } from '../api/get-budget-history';

/** Budget vs actual vs forecast by month of the fiscal year, cumulative within each budget period. */
export function BudgetChart({ budget }: { budget: Budget }) {
  const { data, isPending } = useBudgetHistory(budget.id);
  if (isPending) return <Spinner />;
  if (!data) return null;
  const scale = 10 ** minorUnitDigits(data.currency);
  const rows = data.months.map((m) => ({
    month: monthLabel(m.month),
    Budget: fromMinor(m.cumulativeBudgetMinor, data.currency),
    Actual: m.cumulativeActualMinor === null ? null : fromMinor(m.cumulativeActualMinor, data.currency),
    Forecast: fromMinor(m.cumulativeForecastMinor, data.currency),
  }));
  const money = (value: number) => formatMoneyMinor(Math.round(value * scale), data.currency, { compact: true });
  return (
    <ChartCard
      title={<>{budget.name}: budget vs actual vs forecast</>}
      description={<>By month of the fiscal year, adding up within each {budget.period === 'annual' ? 'year' : budget.period === 'quarterly' ? 'quarter' : 'month'}.</>}
    >
      <ChartFrame data-testid="budget-chart">
        <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} vertical={false} />
          <XAxis dataKey="month" {...axisStyle} />
          <YAxis tickFormatter={money} width={64} {...axisStyle} />
          <Tooltip formatter={(v, name) => [v === null ? '—' : money(Number(v)), name]} {...tooltipStyle} />
          <Legend {...legendStyle} />
          <Bar dataKey="Actual" fill="#6366f1" radius={[4, 4, 0, 0]} />
          <Line type="monotone" dataKey="Forecast" stroke="#f59e0b" strokeWidth={2} strokeDasharray="5 4" dot={false} />
          <Line type="stepAfter" dataKey="Budget" stroke="#10b981" strokeWidth={2} dot={false} />
        </ComposedChart>
      </ChartFrame>
    </ChartCard>
  );
}
