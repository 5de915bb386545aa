import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '@/components/charts/chart-frame';
import { axisStyle, legendStyle, tooltipStyle } from '@/components/charts/chart-style';
import { formatWholeMoney } from '@/lib/format';

const usd = (value: number) => formatWholeMoney(value);

/** Yearly cost of unused seats: 100 seats at $20 per seat per month. Pure arithmetic. */
export const SHELFWARE = [10, 20, 30, 40].map((unused) => ({
  unused: `${unused}% unused`,
  cost: unused * 20 * 12,
}));

export function ShelfwareChart() {
  return (
    <ChartFrame>
      <BarChart data={SHELFWARE} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} vertical={false} />
        <XAxis dataKey="unused" {...axisStyle} />
        <YAxis tickFormatter={usd} width={64} {...axisStyle} />
        <Tooltip
          formatter={(v) => [usd(Number(v)), 'Wasted per year']}
          cursor={{ fill: 'currentColor', fillOpacity: 0.06 }}
          {...tooltipStyle}
        />
        <Bar dataKey="cost" name="Wasted per year" fill="#6366f1" radius={[6, 6, 0, 0]} />
      </BarChart>
    </ChartFrame>
  );
}

/** Cumulative cost of 40 seats: $12 monthly vs. $10 billed annually up front. Pure arithmetic. */
export const BILLING_CYCLE = Array.from({ length: 12 }, (_, i) => ({
  month: `M${i + 1}`,
  monthly: 40 * 12 * (i + 1),
  annual: 40 * 10 * 12,
}));

export function BillingCycleChart() {
  return (
    <ChartFrame>
      <LineChart data={BILLING_CYCLE} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} vertical={false} />
        <XAxis dataKey="month" {...axisStyle} />
        <YAxis tickFormatter={usd} width={64} {...axisStyle} />
        <Tooltip formatter={(v, name) => [usd(Number(v)), name]} {...tooltipStyle} />
        <Legend {...legendStyle} />
        <Line
          type="monotone"
          dataKey="monthly"
          name="Monthly billing ($12/seat)"
          stroke="#f59e0b"
          strokeWidth={2.5}
          dot={false}
        />
        <Line
          type="stepAfter"
          dataKey="annual"
          name="Annual billing ($10/seat)"
          stroke="#6366f1"
          strokeWidth={2.5}
          dot={false}
        />
      </LineChart>
    </ChartFrame>
  );
}

/** A worked example: tools per employee held constant while headcount grows. Illustrative model. */
export const GROWTH_MODEL = [
  { year: 'Year 1', employees: 50, spend: 50 * 1_100 },
  { year: 'Year 2', employees: 80, spend: 80 * 1_150 },
  { year: 'Year 3', employees: 120, spend: 120 * 1_210 },
  { year: 'Year 4', employees: 170, spend: 170 * 1_270 },
  { year: 'Year 5', employees: 230, spend: 230 * 1_330 },
];

export function GrowthChart() {
  return (
    <ChartFrame>
      <BarChart data={GROWTH_MODEL} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} vertical={false} />
        <XAxis dataKey="year" {...axisStyle} />
        <YAxis tickFormatter={(v: number) => `$${Math.round(v / 1000)}k`} width={56} {...axisStyle} />
        <Tooltip
          formatter={(v) => [usd(Number(v)), 'Software spend per year']}
          labelFormatter={(label, payload) =>
            `${label} · ${payload?.[0]?.payload?.employees ?? ''} employees`
          }
          cursor={{ fill: 'currentColor', fillOpacity: 0.06 }}
          {...tooltipStyle}
        />
        <Bar dataKey="spend" name="Software spend per year" fill="#0ea5e9" radius={[6, 6, 0, 0]} />
      </BarChart>
    </ChartFrame>
  );
}
