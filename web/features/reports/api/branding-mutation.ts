import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportBrandingView } from '@common/contracts/reports';
import { reportKeys } from './keys';

/** A change to the branding: stored as answered, and open reports fetched again. */
export function useBrandingMutation<I>(fn: (input: I) => Promise<ReportBrandingView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (branding) => {
      queryClient.setQueryData(reportKeys.branding, branding);
      // Open reports carry the branding: they are fetched again.
      void queryClient.invalidateQueries({ queryKey: ['reports', 'report'] });
    },
  });
}
