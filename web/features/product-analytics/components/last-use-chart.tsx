import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { LAST_USE_BUCKETS, LAST_USE_LABELS, type LastUse } from '@common/contracts/product-analytics';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ChartFrame } from '@/components/charts/chart-frame';
import { axisStyle, tooltipStyle } from '@/components/charts/chart-style';

const APPLICATION_ROWS = 10;

/** Assigned seats by time since last use: a bar per bucket overall, then the largest applications. */
export function LastUseChart({ lastUse }: { lastUse: LastUse }) {
  const rows = LAST_USE_BUCKETS.map((b) => ({
    bucket: LAST_USE_LABELS[b],
    seats: lastUse.overall.buckets[b],
  }));
  return (
    <div className="grid gap-4">
      <ChartFrame className="h-56" data-testid="last-use-chart">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} vertical={false} />
          <XAxis dataKey="bucket" {...axisStyle} />
          <YAxis allowDecimals={false} width={40} {...axisStyle} />
          <Tooltip formatter={(v) => [v, 'Seats']} {...tooltipStyle} />
          <Bar dataKey="seats" fill="#6366f1" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ChartFrame>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Application</TableHead>
            {LAST_USE_BUCKETS.map((b) => (
              <TableHead key={b} className="text-right">
                {LAST_USE_LABELS[b]}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {lastUse.applications.slice(0, APPLICATION_ROWS).map((a) => (
            <TableRow key={a.subscriptionId}>
              <TableCell>{a.name}</TableCell>
              {LAST_USE_BUCKETS.map((b) => (
                <TableCell key={b} className="text-right tabular-nums">
                  {a.buckets[b]}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
