import { canUseFeature, PLANS, type PlanId } from '@common/plans';
import { deniedReason, type Role } from '@common/roles';
import { useOrganization } from '@/lib/organizations/get-organization';

// What the current user may do with licenses, decided as the server decides: the 'licenses'
// feature needs Growth (spec §6) and changes need the data.write role action.

export const LICENSES_NEED_GROWTH = `Licenses are part of the ${PLANS.pro.name} plan.`;

export interface LicenseAccess {
  plan: PlanId;
  role: Role;
  /** The plan includes licenses. */
  licensed: boolean;
  /** Why seats cannot be changed right now, or null. */
  editDenied: string | null;
  /** Why people cannot be added, edited or offboarded, or null. */
  peopleDenied: string | null;
  currency: string;
}

export function licenseAccess(plan: PlanId, role: Role, currency = 'USD'): LicenseAccess {
  const licensed = canUseFeature(plan, 'licenses');
  const roleDenied = deniedReason(role, 'data.write');
  return {
    plan,
    role,
    licensed,
    editDenied: roleDenied ?? (licensed ? null : LICENSES_NEED_GROWTH),
    peopleDenied: roleDenied,
    currency,
  };
}

/** The access of the signed-in user in the current organization (undefined while loading). */
export function useLicenseAccess(): LicenseAccess | undefined {
  const { data } = useOrganization();
  return data ? licenseAccess(data.effectivePlan, data.role, data.currency) : undefined;
}
