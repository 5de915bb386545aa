import type { QueryClient } from '@tanstack/react-query';
import { organizationKeys } from '@/lib/organizations/keys';
import { peopleKeys } from './keys';

/** People, their seats and cost, the license pools they fill and setup progress change together. */
export async function invalidatePeopleAndLicenses(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['licenses'] }),
    queryClient.invalidateQueries({ queryKey: ['team-tools'] }),
    queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  ]);
}
