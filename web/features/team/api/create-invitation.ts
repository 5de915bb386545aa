import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SentInvitation, InviteBody } from '@common/contracts/team';
import { apiRequest } from '@/lib/api-client';
import { invalidateTeam } from './invalidate';

/** POST /api/organization/invitations { email, firstName, lastName, role } (spec §7). */
export function createInvitation(body: InviteBody): Promise<SentInvitation> {
  return apiRequest<SentInvitation>('POST', '/api/organization/invitations', body);
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createInvitation, onSuccess: () => invalidateTeam(queryClient) });
}
