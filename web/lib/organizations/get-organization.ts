import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { organizationKeys } from './keys';
import type { OrganizationDetail } from './types';

/** GET /api/organization — the current organization with plan, trial and account state. */
export function getOrganization(): Promise<OrganizationDetail> {
  return apiGet<OrganizationDetail>('/api/organization');
}

export const organizationQuery = () =>
  queryOptions({ queryKey: organizationKeys.current(), queryFn: getOrganization });

export function useOrganization() {
  return useQuery(organizationQuery());
}
