import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';

/** DELETE /api/people/{id} — for mistakes; offboarding keeps history instead. */
export function deletePerson(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/people/${encodeURIComponent(id)}`);
}

export function useDeletePerson() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePerson, onSuccess: () => invalidatePeopleAndLicenses(queryClient) });
}
