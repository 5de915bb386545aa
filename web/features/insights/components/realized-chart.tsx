import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { InsightSummary } from '@common/contracts/insights';
import { fromMinor, minorUnitDigits } from '@common/money';
import { ChartCard, ChartFrame } from '@/components/charts/chart-frame';
import { axisStyle, monthLabel, tooltipStyle } from '@/components/charts/chart-style';
import { formatMoneyMinor } from '@/lib/format';

/** Realized savings per month over the last 12 months. */
export function RealizedChart({ summary }: { summary: InsightSummary }) {
  const { currency } = summary;
  const scale = 10 ** minorUnitDigits(currency);
  const rows = summary.realizedByMonth.map((m) => ({
    month: monthLabel(m.month),
    Realized: fromMinor(m.realizedMinor, currency),
  }));
  const money = (value: number) => formatMoneyMinor(Math.round(value * scale), currency, { compact: true });
  const total = summary.realizedByMonth.reduce((sum, m) => sum + m.realizedMinor, 0);
  return (
    <ChartCard
      title="Realized savings by month"
      description={
        <>Yearly savings made in each of the last 12 months: {formatMoneyMinor(total, currency)} in all.</>
      }
    >
      <ChartFrame
        className="h-64"
        data-testid="realized-chart"
        role="img"
        aria-label="Realized savings by month"
      >
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} vertical={false} />
          <XAxis dataKey="month" {...axisStyle} />
          <YAxis tickFormatter={money} width={64} {...axisStyle} />
          <Tooltip formatter={(v, name) => [money(Number(v)), name]} {...tooltipStyle} />
          <Bar dataKey="Realized" fill="#10b981" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ChartFrame>
    </ChartCard>
  );
}
