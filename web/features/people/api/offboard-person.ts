import type { OffboardResult } from '@common/contracts/people';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';

/** POST /api/people/{id}/offboard — marks them offboarded, unassigns every seat, tells the owners. */
export function offboardPerson(input: { id: string; endDate?: string }): Promise<OffboardResult> {
  return apiRequest<OffboardResult>('POST', `/api/people/${encodeURIComponent(input.id)}/offboard`, {
    endDate: input.endDate,
  });
}

export function useOffboardPerson() {
  return useRefreshingMutation(offboardPerson, invalidatePeopleAndLicenses);
}
