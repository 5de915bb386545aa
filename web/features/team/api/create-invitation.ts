import type { SentInvitation, InviteBody } from '@common/contracts/team';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { invalidateTeam } from './invalidate';

/** POST /api/organization/invitations { email, firstName, lastName, role } (spec §7). */
export function createInvitation(body: InviteBody): Promise<SentInvitation> {
  return apiRequest<SentInvitation>('POST', '/api/organization/invitations', body);
}

export function useCreateInvitation() {
  return useRefreshingMutation(createInvitation, invalidateTeam);
}
