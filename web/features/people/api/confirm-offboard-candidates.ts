import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';

/** POST /api/people/offboard-candidates/confirm — offboards the people a full import found missing. */
export function confirmOffboardCandidates(
  personIds: string[],
): Promise<{ offboarded: number; unassigned: number }> {
  return apiRequest('POST', '/api/people/offboard-candidates/confirm', { personIds });
}

export function useConfirmOffboardCandidates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmOffboardCandidates,
    onSuccess: () => invalidatePeopleAndLicenses(queryClient),
  });
}
