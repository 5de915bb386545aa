import { canUseFeature, FEATURE_MIN_PLAN, type Feature, type PaidPlanId } from '@common/plans';
import { useOrganization } from '@/features/organizations';

export interface FeatureAccess {
  /** True until the organization has loaded, so nothing flashes; the server enforces it anyway. */
  allowed: boolean;
  loading: boolean;
  requiredPlan: PaidPlanId;
}

/** Whether the organization's effective plan (trial plan while a trial runs) includes a feature. */
export function useFeatureAccess(feature: Feature): FeatureAccess {
  const { data: organization, isPending } = useOrganization();
  const required = FEATURE_MIN_PLAN[feature];
  return {
    allowed: !organization || canUseFeature(organization.effectivePlan, feature),
    loading: isPending,
    requiredPlan: required === 'scale' ? 'scale' : 'pro',
  };
}
