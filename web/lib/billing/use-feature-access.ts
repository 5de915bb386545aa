import { canUseFeature, FEATURE_MIN_PLAN, type Feature, type PaidPlanId } from '@common/plans';
import { useOrganization } from '@/lib/organizations/get-organization';

export interface FeatureAccess {
  /**
   * The feature can be used (effective plan: the trial plan while a trial runs). True until the
   * organization has loaded, so nothing flashes; the server enforces it anyway.
   */
  allowed: boolean;
  /**
   * The feature's pages can be viewed (viewing plan: also the trial plan during the read-only grace
   * period after a trial). True until the organization has loaded.
   */
  viewAllowed: boolean;
  loading: boolean;
  requiredPlan: PaidPlanId;
}

/** Whether the organization's plan includes a feature, for using it and for viewing its pages. */
export function useFeatureAccess(feature: Feature): FeatureAccess {
  const { data: organization, isPending } = useOrganization();
  const required = FEATURE_MIN_PLAN[feature];
  return {
    allowed: !organization || canUseFeature(organization.effectivePlan, feature),
    viewAllowed: !organization || canUseFeature(organization.viewPlan, feature),
    loading: isPending,
    requiredPlan: required === 'scale' ? 'scale' : 'pro',
  };
}
