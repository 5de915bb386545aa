// GET /api/operations/failed-jobs and POST /api/operations/failed-jobs/{queue}/{id}/retry.
import { z } from 'zod';
import { instant, type Wire } from './wire';

export const failedJobResponse = z.object({
  id: z.string(),
  queue: z.string(),
  /** What the work was, in words. */
  description: z.string(),
  error: z.string(),
  /** Attempts made, the first one included. */
  attempts: z.number(),
  createdAt: instant,
  failedAt: instant.nullable(),
});
export type FailedJob = Wire<typeof failedJobResponse>;

export const failedJobsResponse = z.object({ items: z.array(failedJobResponse) });

export const retryJobParams = z.object({ queue: z.string().min(1).max(100), id: z.uuid() });
