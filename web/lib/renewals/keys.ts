import type { RenewalFilters } from './get-renewals';

export const renewalKeys = {
  all: ['renewals'] as const,
  list: (filters: RenewalFilters) => ['renewals', 'list', filters] as const,
  icalUrl: () => ['renewals', 'ical-url'] as const,
  pack: (subscriptionId: string) => ['renewals', 'pack', subscriptionId] as const,
};
