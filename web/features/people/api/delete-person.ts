import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';

/** DELETE /api/people/{id} — for mistakes; offboarding keeps history instead. */
export function deletePerson(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/people/${encodeURIComponent(id)}`);
}

export function useDeletePerson() {
  return useRefreshingMutation(deletePerson, invalidatePeopleAndLicenses);
}
