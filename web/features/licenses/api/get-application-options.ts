import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subscription } from '@common/contracts/subscriptions';
import { apiGet } from '@/lib/api-client';
import { licenseKeys } from '@/lib/licenses/keys';

export type ApplicationOption = Pick<
  Subscription,
  'id' | 'name' | 'pricingModel' | 'seats' | 'unitPriceMinor' | 'currency' | 'billingCycle'
>;

/** The organization's applications (first 500 by name), to choose which one a new license pool belongs to. */
export async function getApplicationOptions(): Promise<ApplicationOption[]> {
  const page = await apiGet<{ items: Subscription[] }>('/api/subscriptions?pageSize=500&sort=name');
  return page.items;
}

export const applicationOptionsQuery = () =>
  queryOptions({ queryKey: [...licenseKeys.all, 'application-options'], queryFn: getApplicationOptions });

export function useApplicationOptions(enabled: boolean) {
  return useQuery({ ...applicationOptionsQuery(), enabled });
}
