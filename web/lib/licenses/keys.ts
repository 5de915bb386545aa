export const licenseKeys = {
  all: ['licenses'] as const,
  overview: (subscriptionId?: string) => ['licenses', 'overview', subscriptionId ?? 'all'] as const,
  pool: (poolId: string) => ['licenses', 'pool', poolId] as const,
  settings: () => ['licenses', 'settings'] as const,
  attestations: (subscriptionId: string) => ['licenses', 'attestations', subscriptionId] as const,
};
