import type { SentInvitation } from '@common/contracts/team';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { invalidateTeam } from './invalidate';

/** POST /api/organization/invitations/{id}/resend — a new link, valid 7 more days. */
export function resendInvitation(id: string): Promise<SentInvitation> {
  return apiRequest<SentInvitation>('POST', `/api/organization/invitations/${encodeURIComponent(id)}/resend`);
}

export function useResendInvitation() {
  return useRefreshingMutation(resendInvitation, invalidateTeam);
}
