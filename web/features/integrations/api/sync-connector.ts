import type { ConnectorProvider } from '@common/contracts/connectors';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { integrationsKeys } from './keys';

/** POST /api/connectors/{provider}/sync — "Sync now" queues a sync. */
export function useSyncConnector() {
  return useRefreshingMutation(
    (provider: ConnectorProvider) =>
      apiRequest<{ runQueued: boolean }>('POST', `/api/connectors/${provider}/sync`),
    (queryClient) => queryClient.invalidateQueries({ queryKey: integrationsKeys.connectors() }),
  );
}
