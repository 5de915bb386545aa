import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FailedJob } from '@common/contracts/operations';
import { apiGet } from '@/lib/api-client';
import { operationsKeys } from './keys';

/** GET /api/operations/failed-jobs — background work that used up its retries (owners and admins). */
export function getFailedJobs(): Promise<{ items: FailedJob[] }> {
  return apiGet<{ items: FailedJob[] }>('/api/operations/failed-jobs');
}

export const failedJobsQuery = () => queryOptions({ queryKey: operationsKeys.failedJobs(), queryFn: getFailedJobs });

export function useFailedJobs(options: { enabled?: boolean } = {}) {
  return useQuery({ ...failedJobsQuery(), enabled: options.enabled ?? true });
}
