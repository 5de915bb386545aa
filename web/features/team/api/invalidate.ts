import type { QueryClient } from '@tanstack/react-query';
import { organizationKeys } from '@/features/organizations';
import { teamKeys } from './keys';

/** Members, invitations and the organization (its setup progress, the caller's role) change together. */
export async function invalidateTeam(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: teamKeys.all }),
    queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  ]);
}
