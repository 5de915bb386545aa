import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignmentView } from '@common/contracts/licenses';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/licenses/{poolId}/assignments/{assignmentId} — history is kept, so it can be undone. */
export function unassignLicense(input: { poolId: string; assignmentId: string }): Promise<AssignmentView> {
  return apiRequest<AssignmentView>(
    'DELETE',
    `/api/licenses/${encodeURIComponent(input.poolId)}/assignments/${encodeURIComponent(input.assignmentId)}`,
  );
}

export function useUnassignLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unassignLicense,
    onSuccess: () => invalidatePeopleAndLicenses(queryClient),
  });
}
