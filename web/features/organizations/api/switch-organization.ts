import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import type { OrganizationDetail } from '@/lib/organizations/types';

/** POST /api/organizations/switch — the session's current organization (stored server-side). */
export function switchOrganization(organizationId: string): Promise<OrganizationDetail> {
  return apiRequest<OrganizationDetail>('POST', '/api/organizations/switch', { organizationId });
}

export function useSwitchOrganization() {
  // Every screen's data belongs to the organization: refresh it all (the user stays).
  return useRefreshingMutation(switchOrganization, (queryClient) =>
    queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' }),
  );
}
