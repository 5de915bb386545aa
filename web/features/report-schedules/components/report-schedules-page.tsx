import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { REPORT_LIBRARY, type ReportSchedule } from '@common/contracts/reports';
import { describeFrequency } from '@common/report-periods';
import { can } from '@common/roles';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { TableColumns } from '@/components/ui/table-columns';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { useOrganization } from '@/lib/organizations/get-organization';
import { errorMessage } from '@/lib/api-client';
import { formatCalendarDate, formatDate } from '@/lib/format';
import { useDeleteReportSchedule } from '../api/delete-report-schedule';
import { useReportSchedules } from '../api/get-report-schedules';
import { useSendReportNow } from '../api/send-report-now';
import { useUpdateReportSchedule } from '../api/update-report-schedule';
import { DeliveryHistory } from './delivery-history';
import { ScheduleDialog } from './schedule-dialog';

const recipientCount = (s: ReportSchedule) => {
  const n = s.recipients.memberIds.length + s.recipients.emails.length;
  return `${n} ${n === 1 ? 'recipient' : 'recipients'}`;
};

/** /app/reports/schedules: the scheduled reports and what was sent. */
export function ReportSchedulesPage() {
  const schedules = useReportSchedules();
  const organization = useOrganization();
  const canManage = organization.data ? can(organization.data.role, 'settings.manage') : false;
  const update = useUpdateReportSchedule();
  const remove = useDeleteReportSchedule();
  const sendNow = useSendReportNow();
  const [editing, setEditing] = useState<ReportSchedule | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ReportSchedule | null>(null);

  const toggle = (s: ReportSchedule, enabled: boolean) =>
    update.mutate(
      { id: s.id, enabled },
      {
        onError: (e) => toastError('Could not change the schedule', e),
      },
    );
  const send = (s: ReportSchedule) =>
    sendNow.mutate(s.id, {
      onSuccess: (d) =>
        d.status === 'sent'
          ? toast({
              title: `Sent to ${d.recipients.length} ${d.recipients.length === 1 ? 'recipient' : 'recipients'}`,
            })
          : toast({
              variant: 'destructive',
              title: 'The report could not be sent',
              description: d.error ?? '',
            }),
      onError: (e) => toastError('Not sent', e),
    });
  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Schedule deleted' });
        setDeleting(null);
      },
      onError: (e) => toastError('Could not delete', e),
    });

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Scheduled reports"
        description="Reports e-mailed as PDF every week, month or quarter, covering the period just ended."
        actions={canManage ? <Button onClick={() => setCreating(true)}>Schedule a report</Button> : undefined}
      />
      <Card>
        <CardHeader>
          <CardTitle>Schedules</CardTitle>
          <CardDescription>Times are in UTC; quarters follow your fiscal year.</CardDescription>
        </CardHeader>
        <CardContent>
          {schedules.isPending ? (
            <Spinner />
          ) : schedules.isError ? (
            <p className="text-sm text-destructive">{errorMessage(schedules.error)}</p>
          ) : schedules.data.length === 0 ? (
            <EmptyState
              icon={CalendarClock}
              title="No scheduled reports yet"
              description="Send the executive summary to your CFO on the first of every month, for example."
            />
          ) : (
            <Table>
              <TableColumns
                columns={[
                  'Name',
                  'Report',
                  'Frequency',
                  'Recipients',
                  'Next run',
                  'Last sent',
                  'Enabled',
                  canManage && { label: 'Actions', className: 'text-right' },
                ]}
              />
              <TableBody>
                {schedules.data.map((s) => (
                  <TableRow key={s.id}>
                    <TableCell className="font-medium">{s.name}</TableCell>
                    <TableCell>{REPORT_LIBRARY[s.reportKey].title}</TableCell>
                    <TableCell>{describeFrequency(s)}</TableCell>
                    <TableCell title={s.recipients.emails.join(', ')}>{recipientCount(s)}</TableCell>
                    <TableCell>{s.nextRunOn ? formatCalendarDate(s.nextRunOn) : '—'}</TableCell>
                    <TableCell>{s.lastSentAt ? formatDate(s.lastSentAt) : 'Never'}</TableCell>
                    <TableCell>
                      <Switch
                        checked={s.enabled}
                        disabled={!canManage}
                        aria-label={`${s.name} enabled`}
                        onCheckedChange={(v) => toggle(s, v)}
                      />
                    </TableCell>
                    {canManage && (
                      <TableCell className="space-x-1 text-right whitespace-nowrap">
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => send(s)}
                          disabled={sendNow.isPending}
                        >
                          Send now
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => setEditing(s)}>
                          Edit
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => setDeleting(s)}>
                          Delete
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <DeliveryHistory />
      <ScheduleDialog
        open={creating || editing !== null}
        schedule={editing}
        onOpenChange={(open) => {
          if (!open) {
            setCreating(false);
            setEditing(null);
          }
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this schedule?"
        description={`“${deleting?.name ?? ''}” stops being sent. What it sent stays in the history.`}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
