import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateTeam } from './invalidate';

/** DELETE /api/organization/members/{userId} — their access ends at once. */
export function removeMember(userId: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/organization/members/${encodeURIComponent(userId)}`);
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSuccess: () => invalidateTeam(queryClient) });
}
