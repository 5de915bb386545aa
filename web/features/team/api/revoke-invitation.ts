import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateTeam } from './invalidate';

/** DELETE /api/organization/invitations/{id} — the link stops working. */
export function revokeInvitation(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/organization/invitations/${encodeURIComponent(id)}`);
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeInvitation, onSuccess: () => invalidateTeam(queryClient) });
}
