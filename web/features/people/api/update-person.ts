import type { Person, UpdatePersonBody } from '@common/contracts/people';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';

/** PATCH /api/people/{id} — changes only the fields given. */
export function updatePerson(input: { id: string; body: UpdatePersonBody }): Promise<Person> {
  return apiRequest<Person>('PATCH', `/api/people/${encodeURIComponent(input.id)}`, input.body);
}

export function useUpdatePerson() {
  return useRefreshingMutation(updatePerson, invalidatePeopleAndLicenses);
}
