import type { ListSubscriptionsQuery } from '@common/contracts/subscriptions';

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  lists: () => ['subscriptions', 'list'] as const,
  list: (query: ListSubscriptionsQuery) => ['subscriptions', 'list', query] as const,
  detail: (id: string) => ['subscriptions', 'detail', id] as const,
  history: (id: string) => ['subscriptions', 'detail', id, 'history'] as const,
  activity: (id: string) => ['subscriptions', 'detail', id, 'activity'] as const,
  catalog: (q: string) => ['catalog', q] as const,
};
