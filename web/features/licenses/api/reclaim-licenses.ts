import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';
import { apiRequest } from '@/lib/api-client';

export interface ReclaimResult {
  reclaimed: number;
  skippedActive: string[];
}

/** POST /api/licenses/{poolId}/assignments/reclaim — bulk unassign of inactive seats. */
export function reclaimLicenses(input: { poolId: string; assignmentIds: string[] }): Promise<ReclaimResult> {
  return apiRequest<ReclaimResult>(
    'POST',
    `/api/licenses/${encodeURIComponent(input.poolId)}/assignments/reclaim`,
    {
      assignmentIds: input.assignmentIds,
    },
  );
}

export function useReclaimLicenses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reclaimLicenses,
    onSuccess: () => invalidatePeopleAndLicenses(queryClient),
  });
}
