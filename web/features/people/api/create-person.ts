import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePersonBody, Person } from '@common/contracts/people';
import { apiRequest } from '@/lib/api-client';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';

/** POST /api/people */
export function createPerson(body: CreatePersonBody): Promise<Person> {
  return apiRequest<Person>('POST', '/api/people', body);
}

export function useCreatePerson() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPerson, onSuccess: () => invalidatePeopleAndLicenses(queryClient) });
}
