import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Member } from '@common/contracts/team';
import { apiGet } from '@/lib/api-client';
import { teamKeys } from './keys';

/** GET /api/organization/members — everyone in the current organization (spec §7). */
export function getMembers(): Promise<Member[]> {
  return apiGet<Member[]>('/api/organization/members');
}

export const membersQuery = () => queryOptions({ queryKey: teamKeys.members(), queryFn: getMembers });

export function useMembers() {
  return useQuery(membersQuery());
}
