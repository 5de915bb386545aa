import type { NotificationFilters } from './types';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (filters: NotificationFilters) => ['notifications', 'list', filters] as const,
  count: () => ['notifications', 'count'] as const,
  unread: () => ['notifications', 'unread'] as const,
};
