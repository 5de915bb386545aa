import type { QueryClient } from '@tanstack/react-query';
import { organizationKeys } from '@/lib/organizations/keys';
import { teamKeys } from '@/lib/team/keys';

/** Members, invitations and the organization (its setup progress, the caller's role) change together. */
export async function invalidateTeam(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: teamKeys.all }),
    queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  ]);
}
