import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamTools } from '@common/contracts/team-tools';
import { apiGet } from '@/lib/api-client';

export const teamToolsKeys = {
  all: ['team-tools'] as const,
  list: (groupBy: 'department' | 'team') => ['team-tools', groupBy] as const,
};

/** GET /api/team-tools?groupBy= — applications per department or team with cost per head and overlaps. */
export function getTeamTools(groupBy: 'department' | 'team'): Promise<TeamTools> {
  return apiGet<TeamTools>(`/api/team-tools?groupBy=${groupBy}`);
}

export const teamToolsQuery = (groupBy: 'department' | 'team') =>
  queryOptions({ queryKey: teamToolsKeys.list(groupBy), queryFn: () => getTeamTools(groupBy) });

export function useTeamTools(groupBy: 'department' | 'team', enabled = true) {
  return useQuery({ ...teamToolsQuery(groupBy), enabled });
}
