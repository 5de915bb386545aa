import type { ConnectorProvider, ConnectTokenInput } from '@common/contracts/connectors';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { integrationsKeys } from './keys';

/** POST /api/connectors/{provider}/token — connects an API-token provider (Okta): domain and token, checked there first. */
export function useConnectConnectorWithToken() {
  return useRefreshingMutation(
    ({ provider, input }: { provider: ConnectorProvider; input: ConnectTokenInput }) =>
      apiRequest<{ connected: boolean; siteUrl: string }>('POST', `/api/connectors/${provider}/token`, input),
    (queryClient) => queryClient.invalidateQueries({ queryKey: integrationsKeys.connectors() }),
  );
}
