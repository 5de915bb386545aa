import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { integrationsKeys } from './keys';

/** POST /api/connectors/discovered/{id}/add — creates the application with its users' seats. */
export function useAddDiscoveredApp() {
  return useRefreshingMutation(
    (id: string) =>
      apiRequest<{ subscriptionId: string; seats: number }>('POST', `/api/connectors/discovered/${id}/add`),
    (queryClient) => queryClient.invalidateQueries({ queryKey: integrationsKeys.all() }),
  );
}
