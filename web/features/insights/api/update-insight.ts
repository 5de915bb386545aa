import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Insight, InsightPatchBody } from '@common/contracts/insights';
import { apiRequest } from '@/lib/api-client';
import { insightKeys } from './keys';

/** PATCH /api/insights/{id} — state, owner, due date, snooze, dismiss reason, realized amount. */
export function updateInsight(id: string, body: InsightPatchBody): Promise<Insight> {
  return apiRequest<Insight>('PATCH', `/api/insights/${encodeURIComponent(id)}`, body);
}

/** A change moves the lists, the ledger, the detail and the dashboard card: all are read again. */
export function useUpdateInsight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: InsightPatchBody & { id: string }) => updateInsight(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: insightKeys.all }),
  });
}
