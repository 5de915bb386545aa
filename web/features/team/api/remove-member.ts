import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { invalidateTeam } from './invalidate';

/** DELETE /api/organization/members/{userId} — their access ends at once. */
export function removeMember(userId: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/organization/members/${encodeURIComponent(userId)}`);
}

export function useRemoveMember() {
  return useRefreshingMutation(removeMember, invalidateTeam);
}
