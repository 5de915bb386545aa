import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaidPlanId } from '@common/plans';
import { organizationKeys } from '@/lib/organizations/keys';
import { apiRequest } from '@/lib/api-client';
import { billingKeys } from '@/lib/billing/keys';
import type { TrialStatus } from '@/lib/billing/types';

/** POST /api/trial/start — a 14-day trial of Growth (pro) or Scale (scale). */
export function startTrial(planId: PaidPlanId): Promise<TrialStatus> {
  return apiRequest<TrialStatus>('POST', '/api/trial/start', { planId });
}

/** On success the trial status and the organizations are refreshed (spec §7). */
export function useStartTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTrial,
    onSuccess: async (status) => {
      queryClient.setQueryData(billingKeys.trialStatus(), status);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.all }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
      ]);
    },
  });
}
