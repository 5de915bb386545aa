export const billingKeys = {
  all: ['billing'] as const,
  trialStatus: () => ['billing', 'trial-status'] as const,
  plans: () => ['billing', 'plans'] as const,
  overview: () => ['billing', 'overview'] as const,
};
