import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AllocationFilter } from '@common/contracts/entities';
import type { LicensesOverview } from '@common/contracts/licenses';
import { apiGet } from '@/lib/api-client';
import { licenseKeys } from './keys';

/** GET /api/licenses — every pool with utilisation, grouped by application (one application with an id). */
export function getLicenses(
  subscriptionId?: string,
  filter: AllocationFilter = {},
): Promise<LicensesOverview> {
  const params = new URLSearchParams();
  if (subscriptionId) params.set('subscriptionId', subscriptionId);
  if (filter.entityId) params.set('entityId', filter.entityId);
  if (filter.brandId) params.set('brandId', filter.brandId);
  const query = params.toString();
  return apiGet<LicensesOverview>(`/api/licenses${query ? `?${query}` : ''}`);
}

export const licensesQuery = (subscriptionId?: string, filter: AllocationFilter = {}) =>
  queryOptions({
    queryKey: [...licenseKeys.overview(subscriptionId), filter],
    queryFn: () => getLicenses(subscriptionId, filter),
  });

/** Only runs when the plan has licenses (the server answers 403 plan_required otherwise). */
export function useLicenses(
  options: { subscriptionId?: string; enabled?: boolean; filter?: AllocationFilter } = {},
) {
  return useQuery({
    ...licensesQuery(options.subscriptionId, options.filter),
    enabled: options.enabled ?? true,
  });
}
