import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { invalidateTeam } from './invalidate';

/** DELETE /api/organization/invitations/{id} — the link stops working. */
export function revokeInvitation(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/organization/invitations/${encodeURIComponent(id)}`);
}

export function useRevokeInvitation() {
  return useRefreshingMutation(revokeInvitation, invalidateTeam);
}
