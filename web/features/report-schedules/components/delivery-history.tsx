import { REPORT_LIBRARY, type ReportDeliveryStatus } from '@common/contracts/reports';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { TableColumns } from '@/components/ui/table-columns';
import { errorMessage } from '@/lib/api-client';
import { formatCalendarDate, formatDate } from '@/lib/format';
import { useReportDeliveries } from '../api/get-report-deliveries';

const STATUS: Record<ReportDeliveryStatus, { label: string; variant: BadgeProps['variant'] }> = {
  sending: { label: 'Sending', variant: 'secondary' },
  sent: { label: 'Sent', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
};

/** Every report sent (or tried), newest first; deleted schedules' sendings stay. */
export function DeliveryHistory() {
  const deliveries = useReportDeliveries();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Delivery history</CardTitle>
        <CardDescription>Each report sent, the period it covered and who received it.</CardDescription>
      </CardHeader>
      <CardContent>
        {deliveries.isPending ? (
          <Spinner />
        ) : deliveries.isError ? (
          <p className="text-sm text-destructive">{errorMessage(deliveries.error)}</p>
        ) : deliveries.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has been sent yet.</p>
        ) : (
          <Table>
            <TableColumns columns={['Date', 'Schedule', 'Period', 'Status', 'Recipients']} />
            <TableBody>
              {deliveries.data.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>{formatDate(d.sentAt ?? d.createdAt)}</TableCell>
                  <TableCell>
                    <div className="font-medium">{d.scheduleName ?? 'Deleted schedule'}</div>
                    <div className="text-xs text-muted-foreground">{REPORT_LIBRARY[d.reportKey].title}</div>
                  </TableCell>
                  <TableCell>
                    {formatCalendarDate(d.periodFrom)} – {formatCalendarDate(d.periodTo)}
                  </TableCell>
                  <TableCell>
                    <Badge variant={STATUS[d.status].variant}>{STATUS[d.status].label}</Badge>
                    {d.error && <div className="mt-1 text-xs text-destructive">{d.error}</div>}
                  </TableCell>
                  <TableCell className="text-sm">{d.recipients.join(', ') || '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
