import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignmentView } from '@common/contracts/licenses';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';
import { apiRequest } from '@/lib/api-client';

/** POST /api/licenses/{poolId}/assignments/{assignmentId}/restore — the undo of an unassignment. */
export function restoreLicense(input: { poolId: string; assignmentId: string }): Promise<AssignmentView> {
  return apiRequest<AssignmentView>(
    'POST',
    `/api/licenses/${encodeURIComponent(input.poolId)}/assignments/${encodeURIComponent(input.assignmentId)}/restore`,
  );
}

export function useRestoreLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreLicense,
    onSuccess: () => invalidatePeopleAndLicenses(queryClient),
  });
}
