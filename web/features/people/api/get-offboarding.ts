import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OffboardingPreview } from '@common/contracts/people';
import { apiGet } from '@/lib/api-client';
import { peopleKeys } from '@/lib/people/keys';

/** GET /api/people/{id}/offboarding — the seats offboarding would free, with yearly cost and owners. */
export function getOffboarding(id: string): Promise<OffboardingPreview> {
  return apiGet<OffboardingPreview>(`/api/people/${encodeURIComponent(id)}/offboarding`);
}

export const offboardingQuery = (id: string) =>
  queryOptions({ queryKey: peopleKeys.offboarding(id), queryFn: () => getOffboarding(id), staleTime: 0 });

export function useOffboarding(id: string, enabled: boolean) {
  return useQuery({ ...offboardingQuery(id), enabled });
}
