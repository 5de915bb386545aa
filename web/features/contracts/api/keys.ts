export const contractKeys = {
  all: ['contracts'] as const,
  forSubscription: (subscriptionId: string) => ['contracts', 'subscription', subscriptionId] as const,
};
