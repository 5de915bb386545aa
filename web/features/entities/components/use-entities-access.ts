import type { Feature } from '@common/plans';
import { can } from '@common/roles';
import { useFeatureAccess } from '@/lib/billing/use-feature-access';
import { useOrganization } from '@/lib/organizations/get-organization';

/**
 * What the signed-in member may do with a Scale feature: view its pages (the plan, or the trial's in
 * the read-only grace period) and write (the plan itself and a role that writes data).
 */
export function useEntitiesAccess(feature: Feature) {
  const access = useFeatureAccess(feature);
  const role = useOrganization().data?.role;
  return { ...access, canWrite: access.allowed && role !== undefined && can(role, 'data.write') };
}
