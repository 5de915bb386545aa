import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invitation } from '@common/contracts/team';
import { apiGet } from '@/lib/api-client';
import { teamKeys } from '@/lib/team/keys';

/** GET /api/organization/invitations — open invitations, pending or expired. */
export function getInvitations(): Promise<Invitation[]> {
  return apiGet<Invitation[]>('/api/organization/invitations');
}

export const invitationsQuery = () =>
  queryOptions({ queryKey: teamKeys.invitations(), queryFn: getInvitations });

export function useInvitations() {
  return useQuery(invitationsQuery());
}
