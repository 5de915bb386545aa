import type { Member } from '@common/contracts/team';
import type { Role } from '@common/roles';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { invalidateTeam } from './invalidate';

/** PATCH /api/organization/members/{userId} { role } */
export function updateMemberRole(input: { userId: string; role: Role }): Promise<Member> {
  return apiRequest<Member>('PATCH', `/api/organization/members/${encodeURIComponent(input.userId)}`, {
    role: input.role,
  });
}

export function useUpdateMemberRole() {
  return useRefreshingMutation(updateMemberRole, invalidateTeam);
}
