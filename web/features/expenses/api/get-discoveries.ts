import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Discovery } from '@common/contracts/expenses';
import { apiGet } from '@/lib/api-client';
import { expenseKeys } from '@/lib/expenses/keys';

/** GET /api/expenses/discoveries — recurring unmatched charges proposed as applications. */
export function getDiscoveries(): Promise<Discovery[]> {
  return apiGet<Discovery[]>('/api/expenses/discoveries');
}

export const discoveriesQuery = () =>
  queryOptions({ queryKey: expenseKeys.discoveries(), queryFn: getDiscoveries });

export function useDiscoveries() {
  return useQuery(discoveriesQuery());
}
