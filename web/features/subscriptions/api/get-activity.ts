import { useQuery } from '@tanstack/react-query';
import type { ActivityEvent } from '@common/contracts/subscriptions';
import { apiGet } from '@/lib/api-client';
import { subscriptionKeys } from '@/lib/subscriptions/keys';

/** GET /api/subscriptions/{id}/activity — the audit trail of this application. */
export function getActivity(id: string): Promise<ActivityEvent[]> {
  return apiGet<ActivityEvent[]>(`/api/subscriptions/${encodeURIComponent(id)}/activity`);
}

export function useActivity(id: string) {
  return useQuery({ queryKey: subscriptionKeys.activity(id), queryFn: () => getActivity(id) });
}
