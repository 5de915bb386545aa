import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LicensesOverview } from '@common/contracts/licenses';
import { apiGet } from '@/lib/api-client';
import { licenseKeys } from './keys';

/** GET /api/licenses — every pool with utilisation, grouped by application (one application with an id). */
export function getLicenses(subscriptionId?: string): Promise<LicensesOverview> {
  const query = subscriptionId ? `?subscriptionId=${encodeURIComponent(subscriptionId)}` : '';
  return apiGet<LicensesOverview>(`/api/licenses${query}`);
}

export const licensesQuery = (subscriptionId?: string) =>
  queryOptions({
    queryKey: licenseKeys.overview(subscriptionId),
    queryFn: () => getLicenses(subscriptionId),
  });

/** Only runs when the plan has licenses (the server answers 403 plan_required otherwise). */
export function useLicenses(options: { subscriptionId?: string; enabled?: boolean } = {}) {
  return useQuery({ ...licensesQuery(options.subscriptionId), enabled: options.enabled ?? true });
}
