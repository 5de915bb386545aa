import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { BrandProfitabilityResponse } from '@common/contracts/brand-profitability';
import { ChartFrame } from '@/components/charts/chart-frame';
import { axisStyle, monthLabel, tooltipStyle, legendStyle } from '@/components/charts/chart-style';

/** Software cost as % of revenue per month, one line per brand (gaps where revenue is missing). */
export function CostChart({ brands }: { brands: BrandProfitabilityResponse['brands'] }) {
  const months = brands[0]?.months.map((m) => m.month) ?? [];
  const rows = months.map((month, i) => ({
    month: monthLabel(month),
    ...Object.fromEntries(brands.map((b) => [b.name, b.months[i]?.costPercent ?? null])),
  }));
  return (
    <ChartFrame data-testid="cost-chart">
      <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} vertical={false} />
        <XAxis dataKey="month" {...axisStyle} />
        <YAxis tickFormatter={(v: number) => `${v}%`} width={48} {...axisStyle} />
        <Tooltip
          formatter={(v, name) => [v === null ? '—' : `${Number(v).toFixed(2)} %`, name]}
          {...tooltipStyle}
        />
        <Legend {...legendStyle} />
        {brands.map((b) => (
          <Line
            key={b.brandId}
            type="monotone"
            dataKey={b.name}
            stroke={b.color}
            strokeWidth={2}
            connectNulls={false}
          />
        ))}
      </LineChart>
    </ChartFrame>
  );
}
