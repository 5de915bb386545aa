import type { AcceptInvitationResult } from '@common/contracts/team';
import { authKeys } from '@/lib/auth/keys';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** POST /api/invitations/accept { token } — joins the organization and makes it current. */
export function acceptInvitation(token: string): Promise<AcceptInvitationResult> {
  return apiRequest<AcceptInvitationResult>('POST', '/api/invitations/accept', { token });
}

export function useAcceptInvitation() {
  return useRefreshingMutation(acceptInvitation, async (queryClient) => {
    // The user's onboarding is finished now: fetch it before anything routes on it.
    await queryClient.refetchQueries({ queryKey: authKeys.user });
    // The used link's preview would now answer "already used": leave it be while the page moves on.
    await queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== authKeys.user[0] && query.queryKey[0] !== 'invitation',
    });
  });
}
