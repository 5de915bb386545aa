export const benchmarkKeys = {
  all: ['benchmarks'] as const,
  subscription: (subscriptionId: string) => ['benchmarks', 'subscription', subscriptionId] as const,
  renewals: (window: number) => ['benchmarks', 'renewals', window] as const,
  selection: () => ['benchmarks', 'selection'] as const,
  settings: () => ['benchmarks', 'settings'] as const,
};
