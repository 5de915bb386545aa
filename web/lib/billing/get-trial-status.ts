import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCurrentOrganizationSummary } from '@/lib/organizations/get-organizations';
import { apiGet } from '@/lib/api-client';
import { billingKeys } from './keys';
import type { TrialStatus } from './types';

export const TRIAL_STATUS_POLL_MS = 60_000;

/** GET /api/trial/status — isTrialActive, trialDaysRemaining, trialPlan, accountStatus. */
export function getTrialStatus(): Promise<TrialStatus> {
  return apiGet<TrialStatus>('/api/trial/status');
}

/** Spec §4: refreshed every 60 s, only when an organization exists, without retries. */
export const trialStatusQuery = () =>
  queryOptions({
    queryKey: billingKeys.trialStatus(),
    queryFn: getTrialStatus,
    refetchInterval: TRIAL_STATUS_POLL_MS,
    retry: false,
  });

export function useTrialStatus() {
  const organization = useCurrentOrganizationSummary();
  return useQuery({ ...trialStatusQuery(), enabled: organization !== null });
}
