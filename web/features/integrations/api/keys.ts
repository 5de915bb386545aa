import type { DiscoveredStatus } from '@common/contracts/connectors';

export const integrationsKeys = {
  all: () => ['integrations'] as const,
  connectors: () => ['integrations', 'connectors'] as const,
  discovered: (status: DiscoveredStatus) => ['integrations', 'discovered', status] as const,
};
