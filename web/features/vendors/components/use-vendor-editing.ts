import { canUseFeature, effectivePlan } from '@common/plans';
import { useOrganization } from '@/lib/organizations/get-organization';

export const VENDOR_EDITING_TOOLTIP = 'Editing vendors needs the Growth plan.';

/** Whether the organization's effective plan (trial included) allows editing vendors (spec §6). */
export function useCanEditVendors(): boolean {
  const organization = useOrganization();
  return canUseFeature(effectivePlan(organization.data), 'vendorEditing');
}
