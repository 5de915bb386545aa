import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { organizationKeys } from './keys';
import type { OrganizationSummary } from './types';

/** GET /api/organizations — the user's organizations; the first is the current one. */
export function getOrganizations(): Promise<OrganizationSummary[]> {
  return apiGet<OrganizationSummary[]>('/api/organizations');
}

export const organizationsQuery = () =>
  queryOptions({ queryKey: organizationKeys.list(), queryFn: getOrganizations });

export function useOrganizations(options: { enabled?: boolean } = {}) {
  return useQuery({ ...organizationsQuery(), enabled: options.enabled ?? true });
}

/** The current organization (first of the list), or null while loading or when there is none. */
export function useCurrentOrganizationSummary(): OrganizationSummary | null {
  const { data } = useOrganizations();
  return data?.[0] ?? null;
}
