import { useQuery } from '@tanstack/react-query';
import type { ConnectorsList } from '@common/contracts/connectors';
import { apiGet } from '@/lib/api-client';
import { integrationsKeys } from './keys';

const isBusy = (list: ConnectorsList | undefined) =>
  list?.connectors.some(
    (c) => c.connection?.status === 'syncing' || c.connection?.lastRun?.status === 'running',
  ) ?? false;

/** GET /api/connectors — each provider's connection, state and last run; polled while a sync runs. */
export const useConnectors = (enabled: boolean) =>
  useQuery({
    queryKey: integrationsKeys.connectors(),
    queryFn: () => apiGet<ConnectorsList>('/api/connectors'),
    enabled,
    refetchInterval: (query) => (isBusy(query.state.data) ? 2000 : false),
  });
