import type { CreatePersonBody, Person } from '@common/contracts/people';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';

/** POST /api/people */
export function createPerson(body: CreatePersonBody): Promise<Person> {
  return apiRequest<Person>('POST', '/api/people', body);
}

export function useCreatePerson() {
  return useRefreshingMutation(createPerson, invalidatePeopleAndLicenses);
}
