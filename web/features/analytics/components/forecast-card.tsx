import { formatMonthRange } from '@common/analytics-range';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card, CardContent, CardDescription } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ChartFrame } from '@/components/charts/chart-frame';
import { axisStyle, monthLabel, tooltipStyle, legendStyle } from '@/components/charts/chart-style';
import { errorMessage } from '@/lib/api-client';
import { useForecast } from '../api/get-forecast';
import { useChartOrTable } from './chart-table-toggle';
import { axisMoney, money } from './money';

const COLORS = { actual: '#6366f1', committed: '#0ea5e9', trend: '#f59e0b' };

/**
 * "Last 12 months" of actual spend (the whole months before this one), then 12 months forecast from
 * the current month on: this month's spend so far, committed renewals still due, plus the trend.
 */
export function ForecastCard({ entityId, brandId }: { entityId?: string; brandId?: string }) {
  const forecast = useForecast({ months: 12, entityId, brandId });
  const { asTable, header } = useChartOrTable('Forecast');
  const data = forecast.data;
  const rows = data
    ? [
        ...data.history.map((h) => ({ month: h.month, label: monthLabel(h.month), actual: h.actualMinor })),
        ...data.months.map((m, i) => ({
          month: m.month,
          label: monthLabel(m.month),
          // The current month: spent so far, then what is still due.
          ...(i === 0 ? { actual: m.actualMinor } : {}),
          committed: m.committedMinor,
          trend: m.trendMinor,
          forecast: m.forecastMinor,
        })),
      ]
    : [];
  return (
    <Card>
      {header}
      <CardContent className="grid gap-3">
        {forecast.isPending ? (
          <Spinner />
        ) : !data ? (
          <p className="text-sm text-muted-foreground">
            The forecast could not be loaded: {errorMessage(forecast.error)}
          </p>
        ) : (
          <>
            <CardDescription data-testid="forecast-window">
              Next {data.months.length} months ({formatMonthRange({ from: data.from, to: data.to })}, this month
              included): <strong>{money(data.totalMinor, data.currency)}</strong>
              {data.months[0] && (
                <>
                  {' '}
                  · {monthLabel(data.months[0].month)}: {money(data.months[0].actualMinor, data.currency)} spent so
                  far + {money(data.months[0].committedMinor, data.currency)} still due
                </>
              )}
            </CardDescription>
            {asTable ? (
              <Table data-testid="forecast-table">
                <caption className="sr-only">
                  Actual spend by month, then the forecast, in {data.currency}
                </caption>
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col">Month</TableHead>
                    <TableHead scope="col" className="text-right">
                      Actual
                    </TableHead>
                    <TableHead scope="col" className="text-right">
                      Committed
                    </TableHead>
                    <TableHead scope="col" className="text-right">
                      Trend
                    </TableHead>
                    <TableHead scope="col" className="text-right">
                      Forecast
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((r) => (
                    <TableRow key={r.month}>
                      <TableHead scope="row">{r.label}</TableHead>
                      <Amount value={'actual' in r ? r.actual : undefined} currency={data.currency} />
                      <Amount value={'committed' in r ? r.committed : undefined} currency={data.currency} />
                      <Amount value={'trend' in r ? r.trend : undefined} currency={data.currency} />
                      <Amount value={'forecast' in r ? r.forecast : undefined} currency={data.currency} />
                    </TableRow>
                  ))}
                  <TableRow className="font-medium">
                    <TableHead scope="row">Forecast total</TableHead>
                    <TableCell colSpan={3} />
                    <TableCell className="text-right tabular-nums">
                      {money(data.totalMinor, data.currency)}
                    </TableCell>
                  </TableRow>
                </TableBody>
              </Table>
            ) : (
              <ChartFrame data-testid="forecast-chart">
                <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
                  <CartesianGrid
                    strokeDasharray="3 3"
                    stroke="currentColor"
                    strokeOpacity={0.15}
                    vertical={false}
                  />
                  <XAxis dataKey="label" {...axisStyle} />
                  <YAxis tickFormatter={axisMoney(data.currency)} width={72} {...axisStyle} />
                  <Tooltip formatter={(v) => money(Number(v), data.currency)} {...tooltipStyle} />
                  <Legend {...legendStyle} />
                  <Bar dataKey="actual" name="Actual" stackId="spend" fill={COLORS.actual} />
                  <Bar
                    dataKey="committed"
                    name="Committed (renewals, recurring)"
                    stackId="spend"
                    fill={COLORS.committed}
                  />
                  <Bar dataKey="trend" name="Trend (other spend)" stackId="spend" fill={COLORS.trend} />
                </ComposedChart>
              </ChartFrame>
            )}
            <p className="text-sm text-muted-foreground" data-testid="forecast-method">
              {data.method}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Amount({ value, currency }: { value: number | undefined; currency: string }) {
  return (
    <TableCell className="text-right tabular-nums">
      {value === undefined ? '—' : money(value, currency)}
    </TableCell>
  );
}
