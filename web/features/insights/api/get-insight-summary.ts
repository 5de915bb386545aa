import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InsightSummary } from '@common/contracts/insights';
import { apiGet } from '@/lib/api-client';
import { insightKeys } from './keys';

/** GET /api/insights/summary — the savings ledger, the top three actions and the breakdowns. */
export function getInsightSummary(): Promise<InsightSummary> {
  return apiGet<InsightSummary>('/api/insights/summary');
}

export const insightSummaryQuery = () =>
  queryOptions({ queryKey: insightKeys.summary(), queryFn: getInsightSummary });

export function useInsightSummary(enabled = true) {
  return useQuery({ ...insightSummaryQuery(), enabled });
}
