import { Link, useNavigate } from 'react-router';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsSpendResponse } from '@common/contracts/analytics';
import { Card, CardContent } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ChartFrame } from '@/components/charts/chart-frame';
import { axisStyle, tooltipStyle, legendStyle } from '@/components/charts/chart-style';
import { ledgerHref } from '@/lib/ledger-link';
import { useChartOrTable } from './chart-table-toggle';
import { axisMoney, money } from './money';
import { seriesColor } from './series-colors';

type Series = AnalyticsSpendResponse['series'][number];
type Period = AnalyticsSpendResponse['periods'][number];
type Allocation = { entityId?: string; brandId?: string };

/**
 * The ledger address of one series in one period ("Other" lists every charge outside the groups
 * shown); null only where the ledger has no filter for the grouping (entity, brand).
 */
export function drillHref(series: Series, period: Period, allocation: Allocation): string | null {
  return series.drill ? ledgerHref(series.drill, { from: period.start, to: period.end }, allocation) : null;
}

/** A figure that opens the ledger behind it when it has an address. */
function Drill({ href, label, children }: { href: string | null; label: string; children: string }) {
  return href ? (
    <Link to={href} className="hover:underline" aria-label={`${label}: ${children}`}>
      {children}
    </Link>
  ) : (
    <>{children}</>
  );
}

/** Committed spend per period over every series; null when the grouping has none (payment method). */
function committedPerPeriod(data: AnalyticsSpendResponse): number[] | null {
  if (data.series.length === 0 || data.series.some((s) => s.committed === null)) return null;
  return data.periods.map((_, i) => data.series.reduce((sum, s) => sum + (s.committed?.[i] ?? 0), 0));
}

/** Stacked bars of actual spend per series and a line for committed; each segment opens the ledger. */
export function SpendOverTime({
  data,
  allocation,
}: {
  data: AnalyticsSpendResponse;
  allocation: Allocation;
}) {
  const { asTable, header } = useChartOrTable('Spend over time');
  const navigate = useNavigate();
  const committed = committedPerPeriod(data);
  const rows = data.periods.map((period, i) => ({
    label: period.label,
    committed: committed?.[i] ?? null,
    ...Object.fromEntries(data.series.map((s, n) => [`s${n}`, s.actual[i] ?? 0])),
  }));
  const open = (series: Series, index: number) => {
    const period = data.periods[index];
    const href = period ? drillHref(series, period, allocation) : null;
    if (href) navigate(href);
  };
  return (
    <Card>
      {header}
      <CardContent>
        {asTable ? (
          <SpendTable data={data} committed={committed} allocation={allocation} />
        ) : (
          <ChartFrame className="h-80" data-testid="spend-chart">
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
              {data.series.map((s, n) => (
                <Bar
                  key={s.key || `none-${n}`}
                  dataKey={`s${n}`}
                  name={s.label}
                  stackId="actual"
                  fill={seriesColor(n, s.key)}
                  cursor={s.drill ? 'pointer' : undefined}
                  onClick={(_, index) => open(s, index)}
                />
              ))}
              {committed && (
                <Line
                  type="monotone"
                  dataKey="committed"
                  name="Committed"
                  stroke="var(--foreground)"
                  strokeDasharray="5 4"
                  strokeWidth={2}
                  dot={false}
                />
              )}
            </ComposedChart>
          </ChartFrame>
        )}
      </CardContent>
    </Card>
  );
}

function SpendTable({
  data,
  committed,
  allocation,
}: {
  data: AnalyticsSpendResponse;
  committed: number[] | null;
  allocation: Allocation;
}) {
  const periodTotals = data.periods.map((_, i) =>
    data.series.reduce((sum, s) => sum + (s.actual[i] ?? 0), 0),
  );
  // The totals open the ledger too: a row's total over the whole range, a period's over every group.
  const whole = { from: data.from, to: data.to };
  return (
    <div className="overflow-x-auto">
      <Table data-testid="spend-table">
        <caption className="sr-only">
          Actual spend per period in {data.currency}; each figure opens the expenses behind it
        </caption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Group</TableHead>
            {data.periods.map((p) => (
              <TableHead key={p.key} scope="col" className="text-right">
                {p.label}
              </TableHead>
            ))}
            <TableHead scope="col" className="text-right">
              Total
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.series.map((s, n) => (
            <TableRow key={s.key || `none-${n}`}>
              <TableHead scope="row" className="font-medium">
                {s.label}
              </TableHead>
              {data.periods.map((p, i) => {
                const href = drillHref(s, p, allocation);
                const value = money(s.actual[i] ?? 0, data.currency);
                return (
                  <TableCell key={p.key} className="text-right tabular-nums">
                    {href ? (
                      <Link
                        to={href}
                        className="hover:underline"
                        aria-label={`${s.label}, ${p.label}: ${value}`}
                      >
                        {value}
                      </Link>
                    ) : (
                      value
                    )}
                  </TableCell>
                );
              })}
              <TableCell className="text-right font-medium tabular-nums">
                <Drill
                  href={s.drill ? ledgerHref(s.drill, whole, allocation) : null}
                  label={`${s.label}, total`}
                >
                  {money(s.totalMinor, data.currency)}
                </Drill>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <tfoot className="border-t bg-muted/40 font-medium">
          <TableRow>
            <TableHead scope="row">Total actual</TableHead>
            {periodTotals.map((total, i) => {
              const p = data.periods[i]!;
              return (
                <TableCell key={p.key} className="text-right tabular-nums">
                  <Drill
                    href={ledgerHref({}, { from: p.start, to: p.end }, allocation)}
                    label={`Total, ${p.label}`}
                  >
                    {money(total, data.currency)}
                  </Drill>
                </TableCell>
              );
            })}
            <TableCell className="text-right font-semibold tabular-nums">
              <Drill href={ledgerHref({}, whole, allocation)} label="Total actual">
                {money(data.totals.actualMinor, data.currency)}
              </Drill>
            </TableCell>
          </TableRow>
          {committed && (
            <TableRow>
              <TableHead scope="row">Committed</TableHead>
              {committed.map((total, i) => (
                <TableCell key={data.periods[i]?.key ?? i} className="text-right tabular-nums">
                  {money(total, data.currency)}
                </TableCell>
              ))}
              <TableCell className="text-right font-semibold tabular-nums">
                {money(data.totals.committedMinor, data.currency)}
              </TableCell>
            </TableRow>
          )}
        </tfoot>
      </Table>
    </div>
  );
}
