import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InsightComment, InsightCommentBody } from '@common/contracts/insights';
import { apiRequest } from '@/lib/api-client';
import { insightKeys } from './keys';

/** POST /api/insights/{id}/comments */
export function addInsightComment(id: string, body: InsightCommentBody): Promise<InsightComment> {
  return apiRequest<InsightComment>('POST', `/api/insights/${encodeURIComponent(id)}/comments`, body);
}

export function useAddInsightComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InsightCommentBody) => addInsightComment(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insightKeys.all }),
  });
}
