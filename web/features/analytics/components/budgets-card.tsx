import { PiggyBank } from 'lucide-react';
import { Link } from 'react-router';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { BUDGET_STATE_LABELS } from '@common/budget-state';
import type { AnalyticsBudgetsResponse, AnalyticsRangeQuery } from '@common/contracts/analytics';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ChartFrame } from '@/components/charts/chart-frame';
import { axisStyle, tooltipStyle } from '@/components/charts/chart-style';
import { errorMessage } from '@/lib/api-client';
import { useBudgetsVsActual } from '../api/get-budgets';
import { useChartOrTable } from './chart-table-toggle';
import { axisMoney, money } from './money';

type Status = AnalyticsBudgetsResponse['budgets'][number]['status'];
const STATUS_COLORS: Record<Status, string> = { 'on-track': '#10b981', 'at-risk': '#f59e0b', over: '#ef4444' };
const STATUS_LABELS: Record<Status, string> = BUDGET_STATE_LABELS;
const STATUS_BADGES = { 'on-track': 'success', 'at-risk': 'warning', over: 'destructive' } as const;

/**
 * The chart's key: the budget's grey and the actual bar's status colours, all theme colours that read
 * on the light and the dark theme (recharts' default swatch for a bar coloured per cell is black).
 */
export function BudgetLegend() {
  const items: Array<{ label: string; color: string; opacity?: number }> = [
    { label: 'Budget', color: 'var(--muted-foreground)', opacity: 0.35 },
    ...(Object.keys(STATUS_COLORS) as Status[]).map((status) => ({
      label: `Actual: ${STATUS_LABELS[status].toLowerCase()}`,
      color: STATUS_COLORS[status],
    })),
  ];
  return (
    <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 pt-2 text-xs" data-testid="budgets-legend">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span
            aria-hidden
            data-swatch={item.label}
            className="inline-block size-2.5 rounded-sm"
            style={{ backgroundColor: item.color, opacity: item.opacity }}
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/** Each budget's amount for the range against what was spent, coloured by status. */
export function BudgetsCard({ query }: { query: AnalyticsRangeQuery }) {
  const budgets = useBudgetsVsActual(query);
  const { asTable, header } = useChartOrTable('Budget vs actual');
  const data = budgets.data;
  return (
    <Card>
      {header}
      <CardContent>
        {budgets.isPending ? (
          <Spinner />
        ) : !data ? (
          <p className="text-sm text-muted-foreground">
            Budgets could not be loaded: {errorMessage(budgets.error)}
          </p>
        ) : data.budgets.length === 0 ? (
          <EmptyState
            icon={PiggyBank}
            title="No budgets yet"
            description="Set budgets to see spend against them here."
            action={
              <Button variant="outline" asChild>
                <Link to="/app/budget">Create a budget</Link>
              </Button>
            }
          />
        ) : asTable ? (
          <Table data-testid="budgets-table">
            <caption className="sr-only">Budgets against actual spend in {data.currency}</caption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Budget</TableHead>
                <TableHead scope="col">Scope</TableHead>
                <TableHead scope="col" className="text-right">
                  Budget amount
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Actual
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Used
                </TableHead>
                <TableHead scope="col">Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.budgets.map((b) => (
                <TableRow key={b.budgetId}>
                  <TableHead scope="row">{b.name}</TableHead>
                  <TableCell>{b.scope}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {money(b.budgetMinor, data.currency)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {money(b.actualMinor, data.currency)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {b.percent === null ? '—' : `${b.percent.toFixed(0)} %`}
                  </TableCell>
                  <TableCell>
                    <Badge variant={STATUS_BADGES[b.status]}>{STATUS_LABELS[b.status]}</Badge>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <ChartFrame className="" style={{ height: 64 + data.budgets.length * 44 }} data-testid="budgets-chart">
            <BarChart
              data={data.budgets}
              layout="vertical"
              margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
            >
              <CartesianGrid
                strokeDasharray="3 3"
                stroke="currentColor"
                strokeOpacity={0.15}
                horizontal={false}
              />
              <XAxis type="number" tickFormatter={axisMoney(data.currency)} {...axisStyle} />
              <YAxis type="category" dataKey="name" width={140} {...axisStyle} />
              <Tooltip formatter={(v) => money(Number(v), data.currency)} {...tooltipStyle} />
              <Legend content={<BudgetLegend />} />
              <Bar dataKey="budgetMinor" name="Budget" fill="var(--muted-foreground)" fillOpacity={0.35} />
              <Bar dataKey="actualMinor" name="Actual" fill={STATUS_COLORS['on-track']}>
                {data.budgets.map((b) => (
                  <Cell key={b.budgetId} fill={STATUS_COLORS[b.status]} />
                ))}
              </Bar>
            </BarChart>
          </ChartFrame>
        )}
      </CardContent>
    </Card>
  );
}
