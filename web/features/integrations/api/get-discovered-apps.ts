import { useQuery } from '@tanstack/react-query';
import type { DiscoveredApp, DiscoveredStatus } from '@common/contracts/connectors';
import { apiGet } from '@/lib/api-client';
import { integrationsKeys } from './keys';

/** GET /api/connectors/discovered — applications a connector saw in use that the inventory lacks. */
export const useDiscoveredApps = (status: DiscoveredStatus, enabled: boolean) =>
  useQuery({
    queryKey: integrationsKeys.discovered(status),
    queryFn: () => apiGet<{ apps: DiscoveredApp[] }>(`/api/connectors/discovered?status=${status}`),
    enabled,
  });
