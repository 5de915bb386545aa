import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RenewalItem, UpdateDecisionInput } from '@common/contracts/renewals';
import { apiRequest } from '@/lib/api-client';
import { renewalKeys } from '@/lib/renewals/keys';

export interface DecisionResult {
  outcome: 'saved' | 'not-due' | 'rolled' | 'cancelled' | 'waiting';
  renewal: RenewalItem | null;
}

/** PATCH /api/renewals/{subscriptionId} — the decision (and notes) for the current renewal date. */
export function updateRenewalDecision(
  subscriptionId: string,
  input: UpdateDecisionInput,
): Promise<DecisionResult> {
  return apiRequest<DecisionResult>('PATCH', `/api/renewals/${encodeURIComponent(subscriptionId)}`, input);
}

export function useUpdateRenewalDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subscriptionId, ...input }: UpdateDecisionInput & { subscriptionId: string }) =>
      updateRenewalDecision(subscriptionId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: renewalKeys.all }),
  });
}
