// The organizations feature's public face: other features import only from here (eslint enforces it).
export { useOrganization } from './api/get-organization';
export { useCurrentOrganizationSummary, useOrganizations } from './api/get-organizations';
export { organizationKeys } from './api/keys';
export type { OrganizationDetail, OrganizationSummary } from './api/types';
export { useUpdateOrganization } from './api/update-organization';
export { OrganizationSwitcher } from './components/organization-switcher';
