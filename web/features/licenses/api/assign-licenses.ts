import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignResult } from '@common/contracts/licenses';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';
import { apiRequest } from '@/lib/api-client';

/** POST /api/licenses/{poolId}/assignments { personIds } — over-assignment is flagged, not refused. */
export function assignLicenses(input: { poolId: string; personIds: string[] }): Promise<AssignResult> {
  return apiRequest<AssignResult>('POST', `/api/licenses/${encodeURIComponent(input.poolId)}/assignments`, {
    personIds: input.personIds,
  });
}

export function useAssignLicenses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignLicenses,
    onSuccess: () => invalidatePeopleAndLicenses(queryClient),
  });
}
