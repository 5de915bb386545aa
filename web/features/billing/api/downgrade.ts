import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OrganizationDetail } from '@/lib/organizations/types';
import { organizationKeys } from '@/lib/organizations/keys';
import { apiRequest } from '@/lib/api-client';

/** POST /api/billing/downgrade → Starter (ends a trial, cancels a paid subscription). */
export function downgradeToStarter(): Promise<OrganizationDetail> {
  return apiRequest<OrganizationDetail>('POST', '/api/billing/downgrade');
}

export function useDowngrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downgradeToStarter,
    onSuccess: async (organization) => {
      queryClient.setQueryData(organizationKeys.current(), organization);
      // The plan decides what every screen may show: refresh everything.
      await queryClient.invalidateQueries();
    },
  });
}
