import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { organizationKeys } from './keys';
import type { OrganizationDetail, UpdateOrganizationInput } from './types';

/** PATCH /api/organization (owner or admin). */
export function updateOrganization(body: UpdateOrganizationInput): Promise<OrganizationDetail> {
  return apiRequest<OrganizationDetail>('PATCH', '/api/organization', body);
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: async (organization) => {
      queryClient.setQueryData(organizationKeys.current(), organization);
      await queryClient.invalidateQueries({ queryKey: organizationKeys.all });
      // Money on every screen is shown in the organization's currency.
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
