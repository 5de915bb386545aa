import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';

/** POST /api/people/offboard-candidates/confirm — offboards the people a full import found missing. */
export function confirmOffboardCandidates(
  personIds: string[],
): Promise<{ offboarded: number; unassigned: number }> {
  return apiRequest('POST', '/api/people/offboard-candidates/confirm', { personIds });
}

export function useConfirmOffboardCandidates() {
  return useRefreshingMutation(confirmOffboardCandidates, invalidatePeopleAndLicenses);
}
