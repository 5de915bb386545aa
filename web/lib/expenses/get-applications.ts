import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionList } from '@common/contracts/subscriptions';
import { apiGet } from '@/lib/api-client';
import { expenseKeys } from './keys';

export interface ApplicationOption {
  id: string;
  name: string;
  vendorName: string | null;
  status: string;
}

/** The organization's applications (including cancelled ones) for match pickers, by name. */
export async function getApplicationOptions(): Promise<ApplicationOption[]> {
  const list = await apiGet<SubscriptionList>('/api/subscriptions?pageSize=500&sort=name&order=asc');
  return list.items.map((s) => ({ id: s.id, name: s.name, vendorName: s.vendorName, status: s.status }));
}

export const applicationOptionsQuery = () =>
  queryOptions({ queryKey: expenseKeys.applications(), queryFn: getApplicationOptions });

export function useApplicationOptions() {
  return useQuery(applicationOptionsQuery());
}
