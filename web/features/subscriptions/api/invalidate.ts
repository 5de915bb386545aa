import type { QueryClient } from '@tanstack/react-query';
import { organizationKeys } from '@/lib/organizations/keys';
import { subscriptionKeys } from '@/lib/subscriptions/keys';

/** Applications change lists, details, vendors' spend, the dashboard and setup progress together. */
export async function invalidateSubscriptions(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['vendors'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  ]);
}
