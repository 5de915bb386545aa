import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '@common/contracts/team';
import { apiGet } from '@/lib/api-client';
import { teamKeys } from '@/lib/team/keys';

/** GET /api/invitations/{token} — public: organization, inviter, address and role of a link. */
export function getInvitationPreview(token: string): Promise<InvitationPreview> {
  return apiGet<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`);
}

export const invitationPreviewQuery = (token: string) =>
  // An invalid or used link will not become valid by retrying.
  queryOptions({
    queryKey: teamKeys.invitation(token),
    queryFn: () => getInvitationPreview(token),
    retry: false,
  });

export function useInvitationPreview(token: string) {
  return useQuery({ ...invitationPreviewQuery(token), enabled: token.length > 0 });
}
