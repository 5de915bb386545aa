import type { Member } from '@common/contracts/team';
import { apiRequest } from '@/lib/api-client';
import { invalidateTeam } from './invalidate';
import { teamKeys } from '@/lib/team/keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** POST /api/organization/transfer-ownership { userId } — they become owner, the caller an admin. */
export function transferOwnership(userId: string): Promise<Member[]> {
  return apiRequest<Member[]>('POST', '/api/organization/transfer-ownership', { userId });
}

export function useTransferOwnership() {
  return useRefreshingMutation(transferOwnership, async (queryClient, members) => {
    queryClient.setQueryData(teamKeys.members(), members);
    await invalidateTeam(queryClient);
  });
}
