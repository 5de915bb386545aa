import type { Person } from '@common/contracts/people';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';

/** POST /api/people/{id}/reactivate — a rehire; old seats stay in history. */
export function reactivatePerson(id: string): Promise<Person> {
  return apiRequest<Person>('POST', `/api/people/${encodeURIComponent(id)}/reactivate`);
}

export function useReactivatePerson() {
  return useRefreshingMutation(reactivatePerson, invalidatePeopleAndLicenses);
}
