import { CircleCheck, RotateCcw } from 'lucide-react';
import { can } from '@common/roles';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { TableColumns } from '@/components/ui/table-columns';
import { useOrganization } from '@/lib/organizations/get-organization';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useFailedJobs } from '../api/get-failed-jobs';
import { useRetryFailedJob } from '../api/retry-failed-job';

/** Settings → Operations: background work that failed after all its retries, with a retry button. */
export function OperationsTab() {
  const { data: organization } = useOrganization();
  const allowed = organization ? can(organization.role, 'settings.manage') : false;
  const jobs = useFailedJobs({ enabled: allowed });
  const retry = useRetryFailedJob();

  if (!organization) return <Spinner />;
  if (!allowed) {
    return <p className="text-sm text-muted-foreground">Only owners and admins can see background work.</p>;
  }
  if (jobs.isPending) return <Spinner />;
  if (jobs.isError) return <p className="text-sm text-destructive">{errorMessage(jobs.error)}</p>;
  if (jobs.data.items.length === 0) {
    return (
      <EmptyState
        icon={CircleCheck}
        title="Nothing has failed"
        description="Daily renewals, reminders and budget checks, and the alerts that follow expenses, run in the background and retry on their own. Work that still fails after its retries shows here."
      />
    );
  }
  return (
    <Table>
      <TableColumns
        columns={['Work', 'Failed', 'Attempts', 'Last error', { label: 'Actions', className: 'sr-only' }]}
      />
      <TableBody>
        {jobs.data.items.map((job) => (
          <TableRow key={job.id}>
            <TableCell className="font-medium">{job.description}</TableCell>
            <TableCell className="whitespace-nowrap">{formatDate(job.failedAt ?? job.createdAt)}</TableCell>
            <TableCell>{job.attempts}</TableCell>
            <TableCell className="max-w-xs break-words text-muted-foreground">{job.error}</TableCell>
            <TableCell className="text-right">
              <Button
                size="sm"
                variant="outline"
                disabled={retry.isPending && retry.variables?.id === job.id}
                onClick={() => retry.mutate(job)}
              >
                <RotateCcw aria-hidden /> Retry
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
