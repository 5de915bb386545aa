import type { PaidPlanId } from '@common/plans';
import { useOrganization } from '@/lib/organizations/get-organization';

/**
 * The plan "See Plans" offers: Growth from Starter (spec §2), Scale from Growth (paid or on trial),
 * none on Scale — a Scale trial has nothing above it to sell, so the button is not shown.
 */
export function useNextPlan(): PaidPlanId | null {
  const { data: organization } = useOrganization();
  const plan = organization?.effectivePlan ?? 'starter';
  if (plan === 'scale') return null;
  return plan === 'pro' ? 'scale' : 'pro';
}
