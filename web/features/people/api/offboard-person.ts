import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OffboardResult } from '@common/contracts/people';
import { apiRequest } from '@/lib/api-client';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';

/** POST /api/people/{id}/offboard — marks them offboarded, unassigns every seat, tells the owners. */
export function offboardPerson(input: { id: string; endDate?: string }): Promise<OffboardResult> {
  return apiRequest<OffboardResult>('POST', `/api/people/${encodeURIComponent(input.id)}/offboard`, {
    endDate: input.endDate,
  });
}

export function useOffboardPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: offboardPerson,
    onSuccess: () => invalidatePeopleAndLicenses(queryClient),
  });
}
