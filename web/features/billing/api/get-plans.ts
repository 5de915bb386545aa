import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { billingKeys } from '@/lib/billing/keys';
import type { PlansResponse } from '@/lib/billing/types';

/** GET /api/plans — the plans of common/plans.ts with the price ids this server is set up with. */
export function getPlans(): Promise<PlansResponse> {
  return apiGet<PlansResponse>('/api/plans');
}

export const plansQuery = () => queryOptions({ queryKey: billingKeys.plans(), queryFn: getPlans });

export function usePlans() {
  return useQuery(plansQuery());
}
