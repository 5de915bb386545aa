import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { integrationsKeys } from './keys';

/** POST /api/connectors/discovered/{id}/ignore — hides it from the Discovered list. */
export function useIgnoreDiscoveredApp() {
  return useRefreshingMutation(
    (id: string) => apiRequest<void>('POST', `/api/connectors/discovered/${id}/ignore`),
    (queryClient) => queryClient.invalidateQueries({ queryKey: integrationsKeys.all() }),
  );
}
