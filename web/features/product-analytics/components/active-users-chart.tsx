import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { ActiveUsers } from '@common/contracts/product-analytics';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { TableColumns } from '@/components/ui/table-columns';
import { ChartFrame } from '@/components/charts/chart-frame';
import { axisStyle, monthLabel, tooltipStyle, legendStyle } from '@/components/charts/chart-style';

const COLORS = ['#6366f1', '#0ea5e9', '#10b981', '#f59e0b', '#ec4899', '#8b5cf6'];
const LINES = 6;

/**
 * Distinct people active per month: all applications and the five with most active people now.
 * Months before the first recorded activity are gaps, not zeros: the data cannot tell.
 */
export function ActiveUsersChart({ data }: { data: ActiveUsers }) {
  const [asTable, setAsTable] = useState(false);
  const series = data.series.slice(0, LINES);
  const known = (month: string) => data.firstActivityMonth !== null && month >= data.firstActivityMonth;
  const months = series[0]?.points.map((p) => p.month) ?? [];
  const rows = months.map((month, i) => ({
    month: monthLabel(month),
    ...Object.fromEntries(series.map((s) => [s.name, known(month) ? (s.points[i]?.active ?? null) : null])),
  }));
  const everyone = data.series[0];
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>
          {data.firstActivityMonth
            ? `Only each seat's latest activity is recorded: people last seen later count as unknown for earlier months. First activity: ${monthLabel(data.firstActivityMonth)}.`
            : 'No activity recorded yet: import usage to see who uses what.'}
        </span>
        <Button variant="outline" size="sm" onClick={() => setAsTable((v) => !v)} aria-pressed={asTable}>
          {asTable ? 'Show chart' : 'Show table'}
        </Button>
      </div>
      {asTable && everyone ? (
        <Table>
          <TableColumns
            columns={[
              'Month',
              { label: 'Active', className: 'text-right' },
              { label: 'Inactive', className: 'text-right' },
              { label: 'Unknown', className: 'text-right' },
            ]}
          />
          <TableBody>
            {everyone.points.map((p) => (
              <TableRow key={p.month}>
                <TableCell>{monthLabel(p.month)}</TableCell>
                <TableCell className="text-right tabular-nums">{p.active}</TableCell>
                <TableCell className="text-right tabular-nums">{p.inactive}</TableCell>
                <TableCell className="text-right tabular-nums">{p.unknown}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <ChartFrame data-testid="active-users-chart">
          <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid
              strokeDasharray="3 3"
              stroke="currentColor"
              strokeOpacity={0.15}
              vertical={false}
            />
            <XAxis dataKey="month" {...axisStyle} />
            <YAxis allowDecimals={false} width={40} {...axisStyle} />
            <Tooltip formatter={(v, name) => [v === null ? 'unknown' : v, name]} {...tooltipStyle} />
            <Legend {...legendStyle} />
            {series.map((s, i) => (
              <Line
                key={s.subscriptionId ?? 'all'}
                type="monotone"
                dataKey={s.name}
                stroke={COLORS[i % COLORS.length]}
                strokeWidth={s.subscriptionId === null ? 3 : 2}
                connectNulls={false}
              />
            ))}
          </LineChart>
        </ChartFrame>
      )}
    </div>
  );
}
