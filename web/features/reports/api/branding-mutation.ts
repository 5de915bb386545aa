import type { ReportBrandingView } from '@common/contracts/reports';
import { reportKeys } from './keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** A change to the branding: stored as answered, and open reports fetched again. */
export function useBrandingMutation<I>(fn: (input: I) => Promise<ReportBrandingView>) {
  return useRefreshingMutation(fn, (queryClient, branding) => {
    queryClient.setQueryData(reportKeys.branding, branding);
    // Open reports carry the branding: they are fetched again.
    void queryClient.invalidateQueries({ queryKey: ['reports', 'report'] });
  });
}
