import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Member } from '@common/contracts/team';
import type { Role } from '@common/roles';
import { apiRequest } from '@/lib/api-client';
import { invalidateTeam } from './invalidate';

/** PATCH /api/organization/members/{userId} { role } */
export function updateMemberRole(input: { userId: string; role: Role }): Promise<Member> {
  return apiRequest<Member>('PATCH', `/api/organization/members/${encodeURIComponent(input.userId)}`, {
    role: input.role,
  });
}

export function useUpdateMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMemberRole, onSuccess: () => invalidateTeam(queryClient) });
}
