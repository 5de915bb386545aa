import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FailedJob } from '@common/contracts/operations';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { apiRequest } from '@/lib/api-client';
import { operationsKeys } from './keys';

/** POST /api/operations/failed-jobs/{queue}/{id}/retry — 204; the job is back in line. */
export function retryFailedJob(job: Pick<FailedJob, 'queue' | 'id'>): Promise<void> {
  return apiRequest(
    'POST',
    `/api/operations/failed-jobs/${encodeURIComponent(job.queue)}/${encodeURIComponent(job.id)}/retry`,
  );
}

export function useRetryFailedJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFailedJob,
    onSuccess: () =>
      toast({ title: 'Retrying', description: 'The job is back in line and runs in a moment.' }),
    onError: (error) => toastError('Could not retry', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operationsKeys.failedJobs() }),
  });
}
