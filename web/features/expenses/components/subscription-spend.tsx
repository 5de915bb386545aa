import { AlertTriangle } from 'lucide-react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { fromMinor, minorUnitDigits } from '@common/money';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoneyMinor } from '@/lib/format';
import { useExpenses } from '../api/get-expenses';
import { useSubscriptionSpend } from '../api/get-subscription-spend';
import { ChartCard, ChartFrame } from '@/components/charts/chart-frame';
import { axisStyle, monthLabel, tooltipStyle, legendStyle } from '@/components/charts/chart-style';
import { flagText } from './expense-row';

/**
 * For the application detail page: expected spend (cost and cycle, price history) against matched
 * charges per month, the charges flagged by reconciliation, and the latest expenses.
 */
export function SubscriptionSpend({ subscriptionId, months = 12 }: { subscriptionId: string; months?: number }) {
  const spend = useSubscriptionSpend(subscriptionId, months);
  const recent = useExpenses({ subscriptionId, limit: 10 });
  if (spend.isPending) return <Spinner />;
  if (spend.error || !spend.data) return <p className="text-sm text-muted-foreground">Spend could not be loaded: {errorMessage(spend.error)}</p>;
  const data = spend.data;
  const scale = 10 ** minorUnitDigits(data.currency);
  const rows = data.months.map((m) => ({
    month: monthLabel(m.month),
    Expected: fromMinor(m.expectedMinor, data.currency),
    Actual: fromMinor(m.actualMinor, data.currency),
  }));
  const money = (value: number) => formatMoneyMinor(Math.round(value * scale), data.currency, { compact: true });

  return (
    <div className="grid gap-4">
      <ChartCard
        title="Expected vs actual spend"
        description={
          <>
            Last {months} months: {formatMoneyMinor(data.totals.actualMinor, data.currency)} paid against{' '}
            {formatMoneyMinor(data.totals.expectedMinor, data.currency)} expected
            {data.otherCurrencyCharges > 0 && ` (${data.otherCurrencyCharges} charges in other currencies not compared)`}.
          </>
        }
      >
        <ChartFrame className="h-64" data-testid="subscription-spend-chart">
          <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} vertical={false} />
            <XAxis dataKey="month" {...axisStyle} />
            <YAxis tickFormatter={money} width={64} {...axisStyle} />
            <Tooltip formatter={(v, name) => [money(Number(v)), name]} {...tooltipStyle} />
            <Legend {...legendStyle} />
            <Bar dataKey="Actual" fill="#6366f1" radius={[4, 4, 0, 0]} />
            <Line type="stepAfter" dataKey="Expected" stroke="#f59e0b" strokeWidth={2} dot={false} />
          </ComposedChart>
        </ChartFrame>
        {data.flagged.length > 0 && (
          <ul className="mt-3 grid gap-1 text-sm">
            {data.flagged.slice(0, 5).map((f) => (
              <li key={f.expenseId} className="flex items-center gap-2 text-warning">
                <AlertTriangle className="size-4" />
                {formatDate(`${f.date}T12:00:00`)}: {formatMoneyMinor(f.amountMinor, data.currency)} — {flagText(f)}
              </li>
            ))}
          </ul>
        )}
      </ChartCard>
      <Card>
        <CardHeader>
          <CardTitle>Expenses</CardTitle>
          <CardDescription>{recent.data ? `${recent.data.total} matched charges` : 'Matched charges'}</CardDescription>
        </CardHeader>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Date</TableHead>
              <TableHead>Merchant</TableHead>
              <TableHead className="text-right">Amount</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {(recent.data?.items ?? []).map((e) => (
              <TableRow key={e.id}>
                <TableCell>{formatDate(`${e.date}T12:00:00`)}</TableCell>
                <TableCell className="max-w-64 truncate" title={e.merchant}>
                  {e.merchant}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatMoneyMinor(e.amountMinor, e.currency)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
    </div>
  );
}
