import { useMutation } from '@tanstack/react-query';
import type { ConnectorProvider } from '@common/contracts/connectors';
import { apiRequest } from '@/lib/api-client';

/** POST /api/connectors/{provider}/connect — the provider's consent page the browser goes to. */
export function useConnectConnector() {
  return useMutation({
    mutationFn: (provider: ConnectorProvider) =>
      apiRequest<{ authorizeUrl: string }>('POST', `/api/connectors/${provider}/connect`),
  });
}
