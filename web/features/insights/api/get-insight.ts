import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InsightDetail } from '@common/contracts/insights';
import { apiGet } from '@/lib/api-client';
import { insightKeys } from './keys';

/** GET /api/insights/{id} — one opportunity with its evidence and comments. */
export function getInsight(id: string): Promise<InsightDetail> {
  return apiGet<InsightDetail>(`/api/insights/${encodeURIComponent(id)}`);
}

export const insightQuery = (id: string) =>
  queryOptions({ queryKey: insightKeys.detail(id), queryFn: () => getInsight(id) });

export function useInsight(id: string) {
  return useQuery({ ...insightQuery(id), enabled: id !== '' });
}
