import { useQuery } from '@tanstack/react-query';
import type { PriceChange } from '@common/contracts/subscriptions';
import { apiGet } from '@/lib/api-client';
import { subscriptionKeys } from '@/lib/subscriptions/keys';

/** GET /api/subscriptions/{id}/history — price changes, newest first. */
export function getPriceHistory(id: string): Promise<PriceChange[]> {
  return apiGet<PriceChange[]>(`/api/subscriptions/${encodeURIComponent(id)}/history`);
}

export function usePriceHistory(id: string) {
  return useQuery({ queryKey: subscriptionKeys.history(id), queryFn: () => getPriceHistory(id) });
}
