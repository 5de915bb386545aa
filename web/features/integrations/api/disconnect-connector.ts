import type { ConnectorProvider } from '@common/contracts/connectors';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { integrationsKeys } from './keys';

/** DELETE /api/connectors/{provider} — stops syncing; what was imported stays. */
export function useDisconnectConnector() {
  return useRefreshingMutation(
    (provider: ConnectorProvider) => apiRequest<void>('DELETE', `/api/connectors/${provider}`),
    (queryClient) => queryClient.invalidateQueries({ queryKey: integrationsKeys.connectors() }),
  );
}
